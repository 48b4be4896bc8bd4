import { markedSnippet, searchQueryProblem, snippetSegments } from '../src/search';

const START = '\uE000';
const END = '\uE001';

describe('a snippet', () => {
  it('escapes every character of the text and keeps only the marks as markup', () => {
    const html = markedSnippet(`Beware <script>alert("x")</script> & 'quotes' near the ${START}nurse${END}'s <b>desk</b>`);
    expect(html).toBe(
      'Beware &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quotes&#39; near the <mark>nurse</mark>&#39;s &lt;b&gt;desk&lt;/b&gt;',
    );
    expect(html).toMatch(/^(?:[^<>]|<mark>|<\/mark>)*$/);
  });

  it('never leaves a mark open or empty, whatever stray marks the text holds', () => {
    expect(markedSnippet(`${START}a${START}b`)).toBe('<mark>ab</mark>');
    expect(markedSnippet(`a${END}b${START}${END}c`)).toBe('abc');
    expect(markedSnippet(`  many\n\n  spaces\t${START}here${END}  `)).toBe('many spaces <mark>here</mark>');
  });

  it('reads back as the text it was made from, with the marked pieces', () => {
    const raw = `1 < 2 & "${START}x${END}" > 0`;
    expect(snippetSegments(markedSnippet(raw))).toEqual([
      { text: '1 < 2 & "', marked: false },
      { text: 'x', marked: true },
      { text: '" > 0', marked: false },
    ]);
    // Anything else that looks like markup stays text.
    expect(snippetSegments('<b>bold</b> &amp;lt;')).toEqual([{ text: '<b>bold</b> &lt;', marked: false }]);
  });
});

it('a query is 2 to 100 characters once trimmed', () => {
  for (const q of ['ab', ' ab ', 'x'.repeat(100)]) expect(searchQueryProblem(q)).toBeNull();
  for (const q of [undefined, null, 42, ['ab'], '', ' a ', 'x'.repeat(101)]) expect(searchQueryProblem(q)).toBe('q must be 2 to 100 characters');
});
