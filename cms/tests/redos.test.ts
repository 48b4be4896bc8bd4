/**
 * No regular expression in the code can be made to backtrack: every pattern literal in the sources
 * (the contract, the CMS, the site, the scripts and the seed) is checked by recheck, a ReDoS checker,
 * and must come out 'safe' (linear). A pattern that sees user input and backtracks lets one request
 * freeze the process.
 */
import fs from 'fs';
import path from 'path';
import ts from 'typescript';
import { checkSync } from 'recheck';

const ROOT = path.resolve(__dirname, '..', '..');
const SOURCES = ['contract/src', 'cms/src', 'cms/config', 'web/src', 'scripts', 'seed/src'];
const CODE = /\.(ts|tsx|js|mjs|cjs)$/;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'dist' ? [] : sourceFiles(full);
    return CODE.test(entry.name) ? [full] : [];
  });
}

interface Pattern {
  where: string;
  source: string;
  flags: string;
}

/** Every regular expression literal, and every `new RegExp('literal')`, found by the TypeScript parser. */
function patternsIn(file: string): Pattern[] {
  const text = fs.readFileSync(file, 'utf8');
  const tree = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: Pattern[] = [];
  const where = (node: ts.Node) => `${path.relative(ROOT, file)}:${tree.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
  const visit = (node: ts.Node) => {
    if (ts.isRegularExpressionLiteral(node)) {
      const literal = node.text;
      const end = literal.lastIndexOf('/');
      found.push({ where: where(node), source: literal.slice(1, end), flags: literal.slice(end + 1) });
    } else if ((ts.isNewExpression(node) || ts.isCallExpression(node)) && ts.isIdentifier(node.expression) && node.expression.text === 'RegExp') {
      const [source, flags] = node.arguments ?? [];
      if (source && ts.isStringLiteralLike(source)) {
        found.push({ where: where(node), source: source.text, flags: flags && ts.isStringLiteralLike(flags) ? flags.text : '' });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(tree);
  return found;
}

const patterns = SOURCES.flatMap((dir) => sourceFiles(path.join(ROOT, dir))).flatMap(patternsIn);

describe('regular expressions', () => {
  it('finds the patterns of the code (the scan itself works)', () => {
    expect(patterns.length).toBeGreaterThan(50);
    expect(patterns.some((p) => p.where.startsWith('contract/src/rules/common.ts'))).toBe(true);
  });

  it('every pattern is linear: no input can make one backtrack', () => {
    const unsafe = patterns
      .map((p) => ({ ...p, result: checkSync(p.source, p.flags.replace(/[gy]/g, ''), { timeout: 10_000 }) }))
      .filter(({ result }) => result.status !== 'safe')
      .map(
        ({ where, source, flags, result }) =>
          `${where} /${source}/${flags}: ${result.status}${result.status === 'vulnerable' ? ` (${result.complexity.type}, e.g. ${JSON.stringify(result.attack.pattern)})` : ''}`,
      );
    expect(unsafe).toEqual([]);
  });

  it('the checker knows a backtracking pattern when it sees one', () => {
    // The email pattern the contact form used before: quadratic on 'a@' + dots + '@'.
    expect(checkSync('^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$', '').status).toBe('vulnerable');
  });
});
