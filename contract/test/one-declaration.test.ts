/**
 * Wire types live in the contract only: a type the site and the CMS both speak is declared once, in contract/, and
 * imported from '@haic/contract'. This reads every workspace's TypeScript with the compiler's parser and fails when
 * an exported type, interface or enum name is declared in two workspaces (an alias of the contract's type under the
 * same name counts too: it is a second declaration a reader has to compare with the first).
 */
import fs from 'fs';
import path from 'path';
import ts from 'typescript';

const ROOT = path.resolve(__dirname, '..', '..');
const WORKSPACES = ['contract', 'web', 'cms', 'seed', 'tests'];
// Build output, dependencies and generated files are not ours to declare.
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', 'dist-server', 'build', 'coverage', 'generated']);

function* typeScriptFiles(folder: string): Generator<string> {
  for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
    if (entry.name.startsWith('.') || SKIPPED_FOLDERS.has(entry.name)) continue;
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) yield* typeScriptFiles(file);
    else if (/\.(ts|tsx|mts|cts)$/.test(entry.name)) yield file;
  }
}

/** The names a file exports as types: its top-level `export interface`, `export type` and `export enum` declarations. */
export function exportedTypeNames(fileName: string, text: string): string[] {
  const kind = fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, kind);
  return source.statements
    .filter((statement) => ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement) || ts.isEnumDeclaration(statement))
    .filter((statement) => ts.getModifiers(statement)?.some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword))
    .map((statement) => statement.name.text);
}

/** Every exported type name in the repo, with the files (relative to the root) that declare it. */
function declarations(): Map<string, string[]> {
  const byName = new Map<string, string[]>();
  for (const workspace of WORKSPACES) {
    for (const file of typeScriptFiles(path.join(ROOT, workspace))) {
      for (const name of exportedTypeNames(file, fs.readFileSync(file, 'utf8'))) {
        byName.set(name, [...(byName.get(name) ?? []), path.relative(ROOT, file)]);
      }
    }
  }
  return byName;
}

const workspaceOf = (file: string) => file.split(path.sep)[0];

describe('exported types', () => {
  const byName = declarations();

  it('are found in every workspace that declares some (the scan reads the sources)', () => {
    expect(byName.get('BlogPostRecord')).toEqual([path.join('contract', 'src', 'blog.ts')]);
    const scanned = new Set([...byName.values()].flat().map(workspaceOf));
    expect([...scanned].sort()).toEqual(expect.arrayContaining(['cms', 'contract', 'web']));
  });

  it('are each declared in one workspace only (wire types in contract/, imported from @haic/contract)', () => {
    const declaredTwice = [...byName].filter(([, files]) => new Set(files.map(workspaceOf)).size > 1).map(([name, files]) => `${name}: ${files.join(', ')}`);
    expect(declaredTwice).toEqual([]);
  });

  it('are read from interface, type and enum declarations that are exported, and only those', () => {
    const text = [
      'export interface A { a: number }',
      'export type B = A;',
      'export enum C { One }',
      'interface D { d: number }',
      'type E = D;',
      'export function f(): void {}',
      'export { D };',
      "declare module 'x' { export interface F {} }",
    ].join('\n');
    expect(exportedTypeNames('sample.ts', text)).toEqual(['A', 'B', 'C']);
  });
});
