/**
 * The source files of a tree, for the checks that read code as text (file sizes, the cache policy's owner):
 * TypeScript and JavaScript, never data (JSON) or what a build generated.
 */
import fs from 'fs';
import path from 'path';

const SOURCE = /\.(ts|tsx|js|mjs|cjs)$/;
const NOT_SOURCE = new Set(['node_modules', 'dist', 'build', 'generated']);

/** Every source file under `root`, as absolute paths, sorted. */
export function sourceFiles(root: string): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!NOT_SOURCE.has(entry.name)) walk(full);
      } else if (SOURCE.test(entry.name)) found.push(full);
    }
  };
  walk(root);
  return found.sort();
}

/** A file's lines as an editor counts them (a last line without a newline counts). */
export const lineCount = (file: string): number => {
  const text = fs.readFileSync(file, 'utf8');
  return text === '' ? 0 : text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
};

/** The files under `root` longer than `max` lines, with their lengths, paths relative to `root`. */
export function filesOver(root: string, max: number): Array<{ file: string; lines: number }> {
  return sourceFiles(root)
    .map((file) => ({ file: path.relative(root, file), lines: lineCount(file) }))
    .filter(({ lines }) => lines > max);
}
