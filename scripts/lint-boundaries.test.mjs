// The import boundaries of eslint.config.mjs hold: each case lints one import, as if written in a file at that
// place, with the repo's own config, and checks that the boundary rule refuses (or allows) it.
// Run by `npm test -- lint` (node --test).
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const eslint = new ESLint({ cwd: ROOT });

/** The boundary rule's messages for `import ... from '<from>'` written in the file at `file`. */
async function boundaryMessages(file, from) {
  const [result] = await eslint.lintText(`import * as probe from '${from}';\nexport { probe };\n`, { filePath: path.join(ROOT, file) });
  return result.messages.filter((message) => message.ruleId === 'import-x/no-restricted-paths').map((message) => message.message);
}

const refused = [
  [
    'a feature reaches into another feature',
    'web/src/features/game/components/Probe.tsx',
    '../../runs/RunView',
    /runs feature exports from web\/src\/features\/runs\/index\.ts/,
  ],
  ['a page reaches into a feature', 'web/src/pages/ProbePage.tsx', '../features/auth/SignInForm', /auth feature exports/],
  ['the router reaches into a feature', 'web/src/routes.tsx', './features/blog/serverData', /blog feature exports/],
  ['the site imports the CMS', 'web/src/lib/probe.ts', '../../../cms/src/utils/text-rules', /never imports the CMS/],
  ['the CMS imports the site', 'cms/src/utils/probe.ts', '../../../web/src/lib/format', /never imports the site/],
  ['the contract imports the CMS', 'contract/src/probe.ts', '../../cms/src/utils/text-rules', /imports nothing of ours/],
  ['the contract imports the seed', 'contract/src/probe.ts', '../../seed/src/admin', /imports nothing of ours/],
  ['a contract test imports the CMS', 'contract/test/probe.test.ts', '../../cms/src/utils/text-rules', /imports nothing of ours/],
  ['a CMS util imports a middleware', 'cms/src/utils/probe.ts', '../middlewares/xsrf', /cms\/src\/utils sits below what it imports/],
  ['a CMS util imports an API', 'cms/src/utils/probe.ts', '../api/account/services/account', /cms\/src\/utils sits below what it imports/],
  ['an API imports a middleware', 'cms/src/api/xsrf/probe.ts', '../../middlewares/xsrf', /cms\/src\/api sits below what it imports/],
  ['an API imports the site renderer', 'cms/src/api/blog-post/probe.ts', '../../site/pages', /cms\/src\/api sits below what it imports/],
];
for (const [what, file, from, message] of refused) {
  test(`refused: ${what} (${from} in ${file})`, async () => {
    const messages = await boundaryMessages(file, from);
    assert.equal(messages.length, 1, `expected one boundary error, got ${JSON.stringify(messages)}`);
    assert.match(messages[0], message);
  });
}

const allowed = [
  ['a feature uses another through its index', 'web/src/features/game/components/Probe.tsx', '../../runs'],
  ['a feature uses its own insides', 'web/src/features/runs/Probe.tsx', './RunView'],
  ['a page uses a feature through its index', 'web/src/pages/ProbePage.tsx', '../features/auth'],
  ['the site uses its own clients', 'web/src/features/blog/probe.ts', '../../lib/api'],
  ['the CMS uses the contract', 'cms/src/utils/probe.ts', '../../../contract/src/index'],
  ['a CMS middleware uses a util', 'cms/src/middlewares/probe.ts', '../utils/api-error'],
  ['the site renderer uses an API', 'cms/src/site/probe.ts', '../api/blog-post/services/blog-post'],
];
for (const [what, file, from] of allowed) {
  test(`allowed: ${what} (${from} in ${file})`, async () => {
    assert.deepEqual(await boundaryMessages(file, from), []);
  });
}

// Import circles: settings.ts importing public-url.ts, which imports settings.ts, is refused (import-x/no-cycle).
test('refused: two CMS files that import each other', async () => {
  const [result] = await eslint.lintText("import { siteOrigin } from './public-url';\nexport const probe = siteOrigin;\n", {
    filePath: path.join(ROOT, 'cms/src/utils/settings.ts'),
  });
  assert.equal(result.messages.filter((message) => message.ruleId === 'import-x/no-cycle').length, 1);
});
