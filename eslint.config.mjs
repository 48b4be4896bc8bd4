// One linter for every workspace (`npm test -- lint` runs it): ESLint's and typescript-eslint's recommended rules
// (syntax only, no type information, to stay fast), React's hook rules where React runs, and the import
// boundaries that keep the workspaces and the site's features apart.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const ROOT = path.dirname(fileURLToPath(import.meta.url));
const FEATURES = 'web/src/features';

// Each feature's public entry is its index.ts: whatever another part of the site uses from a feature, the
// feature exports there. Everything else in its folder is its own business.
// Plain folder and file paths, not globs: the rule checks them with a path comparison, which keeps it fast.
const webEntries = fs.readdirSync(path.join(ROOT, 'web/src')).filter((name) => name !== 'features');
const features = fs
  .readdirSync(path.join(ROOT, FEATURES), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const featureZones = features.map((feature) => ({
  target: [...webEntries.map((name) => `web/src/${name}`), ...features.filter((other) => other !== feature).map((other) => `${FEATURES}/${other}`)],
  from: `${FEATURES}/${feature}`,
  except: ['index.ts'],
  message: `Use what the ${feature} feature exports from ${FEATURES}/${feature}/index.ts.`,
}));

// The CMS's rooms, lowest first: a room imports only rooms below it (a util never imports a middleware or an
// API). `edge` is the front door before Koa; `site` renders pages; `index.ts` wires them all.
const CMS_FLOORS = [['utils'], ['edge'], ['api', 'policies'], ['site', 'extensions'], ['bootstrap', 'middlewares', 'admin']];
const cmsFloorZones = CMS_FLOORS.flatMap((floor, level) => {
  const above = CMS_FLOORS.slice(level + 1)
    .flat()
    .map((room) => `cms/src/${room}`);
  return floor.map((room) => ({
    target: `cms/src/${room}`,
    from: [...above, 'cms/src/index.ts'],
    message: `cms/src/${room} sits below what it imports here: turn the import around (a lower room hands a function or a hook up), or move the code down.`,
  }));
});

const OUR_WORKSPACES = ['cms', 'web', 'seed', 'tests', 'scripts'];
const workspaceZones = [
  { target: 'contract', from: OUR_WORKSPACES, message: 'contract/ is the rulebook the others import: it imports nothing of ours.' },
  { target: 'web', from: 'cms', message: 'The site never imports the CMS: what both need lives in contract/.' },
  { target: 'cms', from: 'web', message: 'The CMS never imports the site: what both need lives in contract/.' },
];

export default defineConfig(
  {
    ignores: [
      '**/node_modules/',
      '**/dist/',
      '**/dist-*/',
      '**/build/',
      '**/coverage/',
      'cms/.strapi/',
      'cms/types/generated/',
      'cms/public/',
      'tests/.artifacts/',
      'tests/test-results/',
      'tests/playwright-report/',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    languageOptions: { globals: globals.node },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.mjs', '.cjs', '.js', '.json'] })],
      // What no-cycle parses to follow the imports of the files it reaches.
      'import-x/extensions': ['.ts', '.tsx', '.mjs', '.cjs', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: ROOT, zones: [...workspaceZones, ...featureZones, ...cmsFloorZones] }],
      // `_name` marks a parameter a signature needs but the body does not read.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // A combining mark written as an escape (\u034F in a list of invisible characters) is what the author meant.
      'no-misleading-character-class': ['error', { allowEscape: true }],
    },
  },
  {
    // No import circle in the code that ships: a circle is a room that cannot be read, or changed, on its own.
    files: ['cms/src/**', 'web/src/**', 'contract/src/**', 'seed/src/**'],
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['**/*.cjs', 'cms/database/**/*.js', 'cms/jest.config.js'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // React's rules of hooks. (The React Compiler's extra rules in the plugin's v7 "recommended" set are for code
    // the compiler builds; this site does not use it.)
    files: ['web/src/**', 'cms/src/admin/**'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: globals.browser },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    // Browser tests and benchmarks hand functions to the page (page.evaluate), where the browser's globals exist.
    files: ['tests/**'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  {
    // Tests read untyped JSON answers and reach into Strapi's untyped internals; the `any` budget is for code
    // that ships (cms/src, web/src, contract/src, seed/src).
    files: ['**/*.test.{ts,tsx}', '**/test/**', 'cms/tests/**', 'tests/**'],
    languageOptions: { globals: { ...globals.node, ...globals.jest } },
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
