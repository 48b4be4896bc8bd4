import { resultCount } from './count';

it('counts results in words, from one to the most a search counts', () => {
  expect([0, 1, 2, 999, 1000, 5000].map(resultCount)).toEqual(['0 results', '1 result', '2 results', '999 results', '1,000+ results', '1,000+ results']);
});
