/**
 * No source file of the CMS over 300 lines (the team's guide): a file that grows past it has more than one job
 * and is split by job, as the edge (src/edge/) and the feed reader (src/api/news-feed/reader/) are. Data and
 * generated files are not source (helpers/source-files.ts).
 */
import fs from 'fs';
import os from 'os';
import path from 'path';
import { filesOver, lineCount } from './helpers/source-files';

const MAX_LINES = 300;
const SRC = path.resolve(__dirname, '..', 'src');

it(`no source file in cms/src is over ${MAX_LINES} lines`, () => {
  expect(filesOver(SRC, MAX_LINES)).toEqual([]);
});

it('the check counts lines as an editor does, and sees a file one line too long', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'haic-size-'));
  try {
    fs.mkdirSync(path.join(dir, 'deep'));
    fs.writeFileSync(path.join(dir, 'deep', 'long.ts'), 'x\n'.repeat(MAX_LINES + 1));
    fs.writeFileSync(path.join(dir, 'fits.ts'), 'x\n'.repeat(MAX_LINES - 1) + 'x');
    fs.writeFileSync(path.join(dir, 'data.json'), '1\n'.repeat(1000));
    fs.mkdirSync(path.join(dir, 'node_modules'));
    fs.writeFileSync(path.join(dir, 'node_modules', 'theirs.js'), 'x\n'.repeat(1000));
    expect(lineCount(path.join(dir, 'fits.ts'))).toBe(MAX_LINES);
    expect(filesOver(dir, MAX_LINES)).toEqual([{ file: path.join('deep', 'long.ts'), lines: MAX_LINES + 1 }]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
