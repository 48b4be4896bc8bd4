/** @jest-environment node */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/** The most lines a source file of the site may have: past it, a file is split into modules of one job each. */
const MAX_LINES = 300;

/** Data or generated files (paths under web/src), which may be longer. */
const DATA_OR_GENERATED: readonly string[] = [];

const SRC = join(__dirname, '..');
const SOURCE = /\.(ts|tsx|css)$/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return SOURCE.test(entry.name) ? [path] : [];
  });
}

const lineCount = (text: string) => text.split('\n').length - (text.endsWith('\n') ? 1 : 0);

test(`no source file in web/src is over ${MAX_LINES} lines, except the data and generated files named`, () => {
  const lines = new Map(sourceFiles(SRC).map((file) => [relative(SRC, file).split(sep).join('/'), lineCount(readFileSync(file, 'utf8'))]));
  expect(lines.get('test/fileSize.test.ts')).toBeGreaterThan(0);

  const tooLong = [...lines].filter(([file, count]) => count > MAX_LINES && !DATA_OR_GENERATED.includes(file));
  expect(tooLong.map(([file, count]) => `${file}: ${count} lines`)).toEqual([]);
  // An exception stays only while it is needed: a file gone, or back under the limit, leaves the list.
  expect(DATA_OR_GENERATED.filter((file) => (lines.get(file) ?? 0) <= MAX_LINES)).toEqual([]);
});
