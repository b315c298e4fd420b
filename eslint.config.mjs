// @ts-check
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import localRules from './eslint-rules/importCycles.mjs';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const SERVER_DOMAINS = readdirSync('server/src/domains', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * What a domain offers the others: its service, its errors, where needed one public.ts, and to the
 * other doors its GraphQL types (schema.ts) and REST JSON (rest.ts).
 */
const DOMAIN_SURFACE = ['./service.ts', './errors.ts', './public.ts', './schema.ts', './rest.ts'];

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', '**/generated/**', '**/__generated__/**', '.data/**', '**/.turbo/**', '.test-results/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { process: 'readonly', console: 'readonly', URL: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly' },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    // A graphql`fragment …` standing alone defines a fragment that only mutations and queries spread.
    files: ['client/src/**/*.{ts,tsx}'],
    rules: { '@typescript-eslint/no-unused-expressions': ['error', { allowTaggedTemplates: true }] },
  },
  {
    // Typed rules: each workspace's own tsconfig types its files.
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['scripts/e2e/*.ts', 'prisma.config.ts', 'client/vitest.e2e.config.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      // A promise nobody awaits fails silently (or kills the process as an unhandled rejection).
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
    },
  },
  {
    files: ['common/src/**/*.ts', 'server/src/**/*.ts', 'client/src/**/*.{ts,tsx}', 'widget/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX, local: localRules },
    // Relative imports name their .ts files, so Node's own resolution finds them.
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs'] })],
    },
    rules: {
      // A cycle makes module order matter (a binding read before it is set) and couples what should be layered.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      // The same, counting type imports, which import-x/no-cycle skips.
      'local/import-cycles': 'error',
    },
  },
  {
    // A domain reaches another only through its surface, so that its insides can change alone.
    files: ['server/src/domains/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: SERVER_DOMAINS.flatMap((target) =>
            SERVER_DOMAINS.filter((from) => from !== target).map((from) => ({
              target: `./server/src/domains/${target}`,
              from: `./server/src/domains/${from}`,
              except: DOMAIN_SURFACE,
              message: `Import ${from}'s surface (service.ts, errors.ts, public.ts; schema.ts or rest.ts from a door), not its insides.`,
            })),
          ),
        },
      ],
    },
  },
  {
    files: ['**/*.cjs', 'relay.config.js'],
    languageOptions: { sourceType: 'commonjs', globals: { module: 'writable', require: 'readonly' } },
  },
  {
    files: ['client/src/**/*.{ts,tsx}', 'widget/src/**/*.{ts,tsx}', 'widget/embed-widget/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    // Numbers, money and dates reach the dashboard's screens through i18next's formatters, named in
    // client/src/i18n/format.ts, so each is written one way in each language.
    files: ['client/src/**/*.{ts,tsx}'],
    ignores: ['client/src/i18n/format.ts', 'client/src/features/connections/countryCodes.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='Intl']",
          message: 'Format through i18next: {{value, name}} in the string, or useFormat() (client/src/i18n/format.ts).',
        },
        {
          selector: 'CallExpression[callee.property.name=/^toLocale(Date|Time)?String$/]',
          message: 'Format through i18next: {{value, name}} in the string, or useFormat() (client/src/i18n/format.ts).',
        },
      ],
    },
  },
);
