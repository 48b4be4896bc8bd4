/**
 * A search query as a reader types it, read once into terms both databases' engines are asked the same way
 * (sqlite-engine.ts writes them as an FTS5 MATCH expression, postgres-engine.ts as a tsquery):
 * - words, all of which must be found; a word of 3 characters or more also finds the words it begins
 *   (`nurs` finds "nurse" and "nursing"), a shorter one only itself (`AI`);
 * - "quoted phrases", their words in that order (an unclosed quote runs to the end);
 * - `a OR b`: either; `-word` or `-"a phrase"`: not that;
 * - a word written with inner punctuation (`AI-assisted`, `nurse's`, `1,500`) is a phrase of its parts.
 * Every other character (`*`, `:`, `(`, `NEAR`, emoji) is text: only letters, digits and marks make words,
 * so nothing a person types reaches an engine as syntax.
 */

/** A word, or a phrase of words in order. */
export interface Term {
  words: string[];
  /** A single word that also finds the longer words it begins. */
  prefix: boolean;
}

/** Terms of which a match needs any one (`a OR b`); a word with a typo is replaced by the words it is near. */
export type Clause = Term[];

export interface ParsedQuery {
  /** All must match. */
  clauses: Clause[];
  /** None may match. */
  excluded: Term[];
}

/** A word that also finds longer words once it has this many characters. */
const PREFIX_MIN = 3;
/** Terms read from one query at most (a query is at most 100 characters anyway). */
const MAX_TERMS = 24;

const WORD = /[\p{L}\p{N}\p{M}]+/gu;
const COMBINING_DIACRITICS = /[\u0300-\u036f]/g;

/** A word as both indexes keep it: lower case, without diacritics (é is e). */
export const normalizeWord = (word: string) => word.normalize('NFD').replace(COMBINING_DIACRITICS, '').normalize('NFC').toLowerCase();

function termOf(text: string, quoted: boolean): Term | null {
  const words = (text.match(WORD) ?? []).map(normalizeWord).filter(Boolean);
  if (!words.length) return null;
  return { words, prefix: !quoted && words.length === 1 && [...words[0]].length >= PREFIX_MIN };
}

export function parseQuery(q: string): ParsedQuery {
  const clauses: Clause[] = [];
  const excluded: Term[] = [];
  const text = q.trim();
  let i = 0;
  let orNext = false;
  while (i < text.length && clauses.length + excluded.length < MAX_TERMS) {
    if (/\s/.test(text[i])) {
      i += 1;
      continue;
    }
    const negated = text[i] === '-' && i + 1 < text.length && !/\s/.test(text[i + 1]);
    if (negated) i += 1;
    let term: Term | null;
    if (text[i] === '"') {
      const close = text.indexOf('"', i + 1);
      const end = close === -1 ? text.length : close;
      term = termOf(text.slice(i + 1, end), true);
      i = end + 1;
    } else {
      let end = i;
      while (end < text.length && !/\s/.test(text[end]) && text[end] !== '"') end += 1;
      const chunk = text.slice(i, end);
      i = end;
      if (chunk === 'OR' && !negated && clauses.length) {
        orNext = true;
        continue;
      }
      term = termOf(chunk, false);
    }
    if (!term) continue;
    if (negated) excluded.push(term);
    else if (orNext) clauses[clauses.length - 1].push(term);
    else clauses.push([term]);
    orNext = false;
  }
  return { clauses, excluded };
}

// ---------- near misses ----------

/** A word is looked at for a typo from this many characters (one missing from a word of five). */
export const TYPO_QUERY_MIN = 4;
/** What a typo may stand for: a word of five characters or more. */
export const TYPO_TARGET_MIN = 5;
/** Words of one query looked at for typos, and the near words one of them may stand for. */
export const MAX_TYPO_WORDS = 4;
export const MAX_NEAR_WORDS = 8;

/** Whether b is a with one character changed, added or removed. */
export function isOneEdit(a: string, b: string): boolean {
  const x = [...a];
  const y = [...b];
  if (Math.abs(x.length - y.length) > 1 || a === b) return false;
  let i = 0;
  while (i < x.length && i < y.length && x[i] === y[i]) i += 1;
  const rest = (from: string[], skip: number, to: string[], skipTo: number) => from.slice(i + skip).join('') === to.slice(i + skipTo).join('');
  if (x.length === y.length) return rest(x, 1, y, 1);
  return x.length > y.length ? rest(x, 1, y, 0) : rest(x, 0, y, 1);
}

const ALPHABET = [...'abcdefghijklmnopqrstuvwxyz0123456789'];

/**
 * Every word one change away from `word` (a character changed, added or removed), over the letters and
 * digits of English and the word's own characters: what SQLite looks up in its vocabulary.
 */
export function oneEditVariants(word: string): string[] {
  const chars = [...word];
  const alphabet = [...new Set([...ALPHABET, ...chars])];
  const out = new Set<string>();
  for (let i = 0; i <= chars.length; i++) {
    const head = chars.slice(0, i).join('');
    for (const c of alphabet) {
      out.add(head + c + chars.slice(i).join(''));
      if (i < chars.length) out.add(head + c + chars.slice(i + 1).join(''));
    }
    if (i < chars.length) out.add(head + chars.slice(i + 1).join(''));
  }
  out.delete(word);
  return [...out];
}

/** The words of a query a typo may hide in: single words, long enough, that are not excluded. */
export function typoCandidates(parsed: ParsedQuery): string[] {
  const words = parsed.clauses.flat().filter((term) => term.words.length === 1 && [...term.words[0]].length >= TYPO_QUERY_MIN);
  return [...new Set(words.map((term) => term.words[0]))].slice(0, MAX_TYPO_WORDS);
}

/** The query with each mistyped word replaced by the words it is near (each found as a prefix too). */
export function withNearWords(parsed: ParsedQuery, near: Map<string, string[]>): ParsedQuery {
  const replace = (term: Term): Term[] => {
    const found = term.words.length === 1 ? near.get(term.words[0]) : undefined;
    return found?.length ? found.map((word) => ({ words: [word], prefix: true })) : [term];
  };
  return { clauses: parsed.clauses.map((clause) => clause.flatMap(replace)), excluded: parsed.excluded };
}
