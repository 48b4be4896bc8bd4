/** A feed's nodes as xml2js reads them: each field may be missing or of another shape than the spec says. */
import { fieldsOf } from '../../../utils/fields';

/** A feed's or an item's fields. */
export type FeedNode = Record<string, unknown>;

/** A node's XML attributes (xml2js keeps them under `$`). */
export const attrs = (node: unknown): Record<string, string> => {
  const attributes = fieldsOf(node).$;
  return attributes && typeof attributes === 'object' ? (attributes as Record<string, string>) : {};
};

/** A field that may hold one node or several, as a list. */
export const listOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : value == null ? [] : [value]);

/** A node's text: a string, or the text xml2js keeps under `_` beside a node's attributes. */
export const text = (value: unknown): string => {
  if (typeof value === 'string') return value;
  const inner = fieldsOf(value)._;
  return typeof inner === 'string' ? inner : '';
};
