import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', 'cdk.out/**', '.data/**', 'test/artifacts/**', '**/*.d.ts'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    // A `{ z }` binding uses zod's namespace as a value, so a Lambda bundle keeps every builder
    // (≈ 45 KB an entry; functions/README.md, "Keeping functions light").
    files: ['functions/src/**/*.ts', 'shared/src/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "ImportDeclaration[importKind!='type'][source.value=/(^zod|zod-pt)$/] > ImportSpecifier[importKind!='type'][imported.name='z']",
          message: "Import zod as a namespace: import * as z from 'zod' (or from the zod-pt module).",
        },
      ],
    },
  },
  {
    // The TV screen's service worker: plain JavaScript in the worker's global scope.
    files: ['web/public/**/*.js'],
    languageOptions: {
      sourceType: 'script',
      globals: {
        self: 'readonly',
        caches: 'readonly',
        fetch: 'readonly',
        URL: 'readonly',
        location: 'readonly',
        Response: 'readonly',
      },
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
);
