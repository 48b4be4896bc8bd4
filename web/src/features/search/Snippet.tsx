import { Fragment } from 'react';
import { snippetSegments } from '@haic/contract';

/** A result's snippet: its text, the matched words in <mark> (read as text pieces, never as HTML). */
export function Snippet({ snippet }: { snippet: string }) {
  return (
    <>{snippetSegments(snippet).map((segment, i) => (segment.marked ? <mark key={i}>{segment.text}</mark> : <Fragment key={i}>{segment.text}</Fragment>))}</>
  );
}

/** The snippet's plain text. */
export const snippetText = (snippet: string) =>
  snippetSegments(snippet)
    .map((segment) => segment.text)
    .join('');
