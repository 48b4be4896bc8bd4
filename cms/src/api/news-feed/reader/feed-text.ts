/**
 * Plain text of a feed's HTML: html-to-text (which decodes every HTML entity), then a second entity decoding
 * that catches feeds that escape twice (`&amp;#x0024;`). Control characters go; whitespace collapses.
 */
import { compile } from 'html-to-text';
import { decode } from 'html-entities';

const htmlToText = compile({
  wordwrap: false,
  selectors: [
    { selector: 'a', options: { ignoreHref: true } },
    { selector: 'img', format: 'skip' },
    { selector: 'figure', format: 'skip' },
    { selector: 'script', format: 'skip' },
    { selector: 'style', format: 'skip' },
    ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6'].map((selector) => ({ selector, options: { uppercase: false } })),
    { selector: 'table', format: 'dataTable', options: { uppercaseHeaderCells: false } },
    { selector: 'ul', options: { itemPrefix: '• ' } },
  ],
});

const CONTROL_CHARS = /(?![\t\n\r])[\p{Cc}\uFFFD]/gu;

/**
 * Plain text of an HTML fragment. Only the start of a long fragment is read (`inputMax` characters; a tag
 * cut in two there is dropped by the parser): a description keeps at most 1000 characters.
 */
export function plainText(value: unknown, inputMax = 40_000): string {
  if (typeof value !== 'string' || !value) return '';
  const text = decode(htmlToText(value.length > inputMax ? value.slice(0, inputMax) : value), { level: 'html5' });
  return text.replace(CONTROL_CHARS, ' ').split(/\s+/).filter(Boolean).join(' ');
}

/** Cuts at a word boundary when one is near, and marks the cut. */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
