import { readdirSync, readFileSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * One type-aware lint for the whole repo, zero warnings allowed (style.md, Habits).
 * Import zones keep the architecture honest (architecture.md, Boundaries): web features do not
 * import features, server modules reach another module only through its index.ts, and bench
 * and e2e reach the server only through its package exports.
 */
const cryptoOnly = {
  selector: "MemberExpression[object.name='Math'][property.name='random']",
  message: 'Use node:crypto (randomInt, randomBytes): outcomes, tokens and codes need a CSPRNG.',
};

const ROOT = import.meta.dirname;
const FEATURES = 'apps/web/src/features';
const MODULES = 'apps/server/src/modules';
const SERVER = 'apps/server';
/** The files apps/server/package.json "exports" (./src/app.ts, ./src/testing/index.ts, ...). */
const serverExports = Object.values(
  JSON.parse(readFileSync(`${ROOT}/${SERVER}/package.json`, 'utf8')).exports,
);

// Read from disk, so a new feature or module is fenced in without editing this file.
const subfolders = (path) =>
  readdirSync(`${ROOT}/${path}`, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

const featureZones = subfolders(FEATURES).map((feature) => ({
  target: `${FEATURES}/${feature}`,
  from: FEATURES,
  except: [`./${feature}`],
  message:
    'Features do not import features: compose them in a route, or move the shared piece out.',
}));

const moduleZones = subfolders(MODULES).map((module, _, modules) => ({
  target: `${MODULES}/${module}`,
  from: MODULES,
  except: [
    `./${module}`,
    ...modules.filter((other) => other !== module).map((other) => `./${other}/index.ts`),
  ],
  message: 'Import another module only through its index.ts.',
}));

const serverInternalsZone = {
  target: ['bench', 'e2e'],
  from: SERVER,
  except: serverExports,
  message: 'Reach the server through @lanna/server or @lanna/server/testing (its package exports).',
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '**/.tmp/**',
      'docs/screenshots/**',
      'eslint.config.js',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-confusing-void-expression': 'off',
      'no-restricted-syntax': ['error', cryptoOnly],
    },
  },
  {
    files: [`${FEATURES}/**`, `${MODULES}/**`, 'bench/**', 'e2e/**'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['apps/*', 'bench', 'e2e'].map((folder) => `${ROOT}/${folder}/tsconfig.json`),
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { basePath: ROOT, zones: [...featureZones, ...moduleZones, serverInternalsZone] },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-syntax': 'off',
    },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'e2e/**/*.ts', 'bench/**/*.ts'],
    rules: { 'no-restricted-syntax': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
