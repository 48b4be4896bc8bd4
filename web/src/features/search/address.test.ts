import { readSearchAddress, searchPath } from './address';

it('reads a search address forgivingly: the query trimmed, an unknown type as all, a bad page as the first', () => {
  expect(readSearchAddress(new URLSearchParams('q=%20nurse%20&type=news&page=3'))).toEqual({ q: 'nurse', type: 'news', page: 3 });
  expect(readSearchAddress(new URLSearchParams('q=x&type=posts&page=0'))).toEqual({ q: 'x', type: 'all', page: 1 });
  for (const page of ['-1', '1.5', 'abc', '1e3', '99999']) expect(readSearchAddress(new URLSearchParams(`page=${page}`)).page).toBe(1);
  expect(readSearchAddress(new URLSearchParams(''))).toEqual({ q: '', type: 'all', page: 1 });
});

it('writes the shortest address: no type for all, no page for the first', () => {
  expect(searchPath({ q: 'xrp ledger' })).toBe('/search?q=xrp+ledger');
  expect(searchPath({ q: '"a&b"', type: 'players', page: 2 })).toBe('/search?q=%22a%26b%22&type=players&page=2');
});
