// @ts-check
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import astro from 'eslint-plugin-astro';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const API_PATH_MESSAGE =
  'No API path literal outside src/api/ and the route table: derive it with apiUrl() or entryApiUrl() from src/routes/urls.ts.';

export default defineConfig(
  {
    ignores: [
      'dist/',
      'dist-*/',
      'generated/',
      '.astro/',
      'node_modules/',
      'test-results/',
      'playwright-report/',
      '.tmp/',
      'tests/typed-client/openapi.gen.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...astro.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // API paths come from the route table (src/routes/urls.ts: apiUrl, entryApiUrl); tests may use fixed literals.
    files: ['src/**', 'server/**', 'scripts/**', 'deploy/**', '*.mjs', '*.ts'],
    ignores: ['src/api/**', 'src/routes/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: 'Literal[value=/^\\/api(\\/|$)/]', message: API_PATH_MESSAGE },
        { selector: 'TemplateElement[value.raw=/^\\/api(\\/|$)/]', message: API_PATH_MESSAGE },
      ],
    },
  },
);
