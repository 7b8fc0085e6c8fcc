import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import frenchSpacing from './scripts/eslint/french-spacing.mjs';

/** A front end's features never import one another nor the app shell; its shared folders import neither. */
function featureBoundaries(src, sharedFolders, what) {
  return {
    files: [`${src}/**/*.{ts,tsx}`],
    plugins: { boundaries },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
      'boundaries/include': [`${src}/**/*`],
      'boundaries/elements': [
        { type: 'app', pattern: `${src}/app`, mode: 'folder' },
        { type: 'feature', pattern: `${src}/features/*`, mode: 'folder', capture: ['feature'] },
        { type: 'shared', pattern: sharedFolders.map((folder) => `${src}/${folder}`), mode: 'folder' },
      ],
    },
    rules: {
      'boundaries/element-types': [
        'error',
        {
          default: 'allow',
          rules: [
            {
              from: 'feature',
              disallow: [['feature', { feature: '!${from.feature}' }], 'app'],
              message: `${what} must not import another feature or the app shell.`,
            },
            { from: 'shared', disallow: ['feature', 'app'], message: 'Shared code must not depend on features or the app shell.' },
          ],
        },
      ],
    },
  };
}

export default tseslint.config(
  { ignores: ['**/dist/**', '**/dist-ssr/**', '**/node_modules/**', '.data/**', '.e2e-data/**', '**/test-results/**', '**/playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // `import { type A } from 'm'` still loads m at run time (verbatimModuleSyntax keeps `import {} from 'm'`).
      '@typescript-eslint/no-import-type-side-effects': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}', 'apps/backoffice/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  // French typography in every text of the apps and the contracts (and the server's and contracts' tests,
  // which compare with them exactly); the web and e2e tests read the page's text, whose spaces Testing
  // Library and Playwright normalise.
  {
    files: ['packages/contracts/**/*.ts', 'apps/{web,backoffice,server}/**/*.{ts,tsx}'],
    ignores: ['apps/e2e/**', 'apps/{web,backoffice}/**/*.test.{ts,tsx}', 'apps/web/src/test/**'],
    plugins: { mutua: { rules: { 'french-spacing': frenchSpacing } } },
    rules: { 'mutua/french-spacing': 'error' },
  },
  // Scripts the build copies as they are (apps/web/public): plain browser scripts.
  { files: ['apps/web/public/**/*.js'], languageOptions: { sourceType: 'script', globals: { ...globals.browser } } },
  // Dependencies point one way: contracts ← server, contracts ← web; apps never import each other.
  {
    files: ['packages/contracts/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['@mutua/server', '@mutua/web', '**/apps/**'] }] },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}', 'apps/backoffice/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['@mutua/server', '**/server/src/**', 'fastify', 'drizzle-orm*', 'pg'] }] },
  },
  {
    files: ['apps/server/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['@mutua/web', '**/web/src/**', 'react', 'react-dom'] }] },
  },
  // A server module reaches another module only through its public.ts (its index.ts is the manifest,
  // read by modules/index.ts); shared code lives outside modules/ (core/, http/, lib/, plugins/, db/).
  {
    files: ['apps/server/src/modules/**/*.ts'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.js'] } },
      'boundaries/include': ['apps/server/src/**/*'],
      'boundaries/elements': [
        { type: 'module-public', pattern: 'apps/server/src/modules/*/public.ts', mode: 'full', capture: ['module'] },
        { type: 'module', pattern: 'apps/server/src/modules/*/**/*', mode: 'full', capture: ['module'] },
      ],
    },
    rules: {
      'boundaries/element-types': [
        'error',
        {
          default: 'allow',
          rules: [
            {
              from: ['module', 'module-public'],
              disallow: [['module', { module: '!${from.module}' }]],
              message: 'A module imports another module only through its public.ts.',
            },
          ],
        },
      ],
    },
  },
  // The server's kit (core/, db/, http/, jobs/, lib/, plugins/, config.ts) sits under the modules and
  // never imports them: only app.ts and main.ts, which compose the app, see both.
  {
    files: ['apps/server/src/{core,db,http,jobs,lib,plugins}/**/*.ts', 'apps/server/src/config.ts'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.js'] } },
      'boundaries/include': ['apps/server/src/**/*'],
      'boundaries/elements': [
        { type: 'modules', pattern: 'apps/server/src/modules/**/*', mode: 'full' },
        { type: 'kit', pattern: ['apps/server/src/{core,db,http,jobs,lib,plugins}/**/*', 'apps/server/src/config.ts'], mode: 'full' },
      ],
    },
    rules: {
      'boundaries/element-types': [
        'error',
        { default: 'allow', rules: [{ from: 'kit', disallow: ['modules'], message: 'The kit (core, db, http, jobs, lib, plugins) never imports a module.' }] },
      ],
    },
  },
  // The back office on the member app's rule: a feature never imports another; shared code lives in lib/.
  featureBoundaries('apps/backoffice/src', ['lib', 'test'], 'A back-office feature'),
  // Inside the web app a feature never imports another feature; shared code lives in components/ and lib/.
  featureBoundaries('apps/web/src', ['components', 'lib'], 'A feature'),
);
