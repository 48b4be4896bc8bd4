/**
 * Finds the Cache-Control values a source file writes itself instead of taking them from the cache policy
 * (cms/src/edge/cache-policy.ts): read by TypeScript's parser, so comments and unrelated words are not seen.
 * - A header write: `x.set('Cache-Control', v)`, `setHeader`, `header`, `append`; `{ 'cache-control': v }`;
 *   `h['cache-control'] = v`; `['cache-control', v]` in header lines; where `v` is not a `cachePolicy.…()` call.
 * - A literal that reads as a Cache-Control value ('private, no-store', `public, max-age=${n}`, 'no-store'), or a
 *   pattern that tests for its directives (/private|no-store/).
 */
import ts from 'typescript';

export interface CacheControlWrite {
  line: number;
  text: string;
  why: 'header write' | 'directive literal';
}

const HEADER = /^cache-control$/i;
const WRITERS = new Set(['set', 'setHeader', 'header', 'append', 'appendHeader']);
const DIRECTIVE =
  /^(public|private|no-store|no-cache|no-transform|immutable|must-revalidate|proxy-revalidate|must-understand|(max-age|s-maxage|stale-while-revalidate|stale-if-error)=\d+)$/i;
/** Words that say Cache-Control on their own ('private' and 'public' alone are ordinary words). */
const UNMISTAKABLE = /(no-store|no-cache|immutable|must-revalidate|max-age=|s-maxage=|stale-while-revalidate|stale-if-error)/i;

const looksLikeCacheControl = (text: string) => {
  const directives = text.split(',').map((part) => part.trim());
  return directives.every((directive) => DIRECTIVE.test(directive)) && (directives.length > 1 || UNMISTAKABLE.test(text));
};

/** `cachePolicy.name(...)`: a value the policy made. */
const isPolicyCall = (node: ts.Node | undefined): boolean =>
  !!node &&
  ts.isCallExpression(node) &&
  ts.isPropertyAccessExpression(node.expression) &&
  ts.isIdentifier(node.expression.expression) &&
  node.expression.expression.text === 'cachePolicy';

const namesHeader = (node: ts.Node | undefined): boolean =>
  !!node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && HEADER.test(node.text);

/** A literal's text with each `${…}` read as a number, as the value it builds would read. */
function literalText(node: ts.Node): string | null {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) return node.head.text + node.templateSpans.map((span) => `0${span.literal.text}`).join('');
  return null;
}

export function cacheControlWrites(fileName: string, source: string): CacheControlWrite[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: CacheControlWrite[] = [];
  const report = (node: ts.Node, why: CacheControlWrite['why']) =>
    found.push({ line: file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1, text: node.getText(file).slice(0, 120), why });

  const visit = (node: ts.Node) => {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      WRITERS.has(node.expression.name.text) &&
      namesHeader(node.arguments[0]) &&
      !isPolicyCall(node.arguments[1])
    ) {
      report(node, 'header write');
    } else if (ts.isPropertyAssignment(node) && namesHeader(node.name) && !isPolicyCall(node.initializer)) {
      report(node, 'header write');
    } else if (
      ts.isBinaryExpression(node) &&
      node.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
      ts.isElementAccessExpression(node.left) &&
      namesHeader(node.left.argumentExpression) &&
      !isPolicyCall(node.right)
    ) {
      report(node, 'header write');
    } else if (ts.isArrayLiteralExpression(node)) {
      // Header lines: name, value, ... A literal after the name is another name (a list of names) or caught below.
      node.elements.forEach((element, i) => {
        const value = node.elements[i + 1];
        if (namesHeader(element) && value && literalText(value) === null && !isPolicyCall(value)) report(node, 'header write');
      });
    }
    const text = literalText(node);
    if (text !== null && looksLikeCacheControl(text)) report(node, 'directive literal');
    if (node.kind === ts.SyntaxKind.RegularExpressionLiteral && UNMISTAKABLE.test(node.getText(file))) report(node, 'directive literal');
    // A template's parts are read whole above, not one by one.
    if (!ts.isTemplateExpression(node)) ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}
