import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import { roomsPlugin } from './eslint.rooms.mjs';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', '.vscode-test/**', 'out/**', 'docs/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Type-aware rules on the product and the simulator: a floating or misused promise fails lint.
    // The project service finds each file's tsconfig (webview/ has its own).
    files: ['src/**/*.ts', 'simulator/**/*.ts', 'webview/**/*.ts'],
    extends: [tseslint.configs.recommendedTypeCheckedOnly],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/require-await': 'error',
    },
  },
  {
    files: ['src/**/*.ts', 'simulator/**/*.ts', 'webview/**/*.ts'],
    rules: { 'no-restricted-syntax': ['error', { selector: 'ExportDefaultDeclaration', message: 'Use named exports.' }] },
  },
  {
    // The webview bundles run in the browser: DOM globals, no Node, no VS Code API.
    files: ['webview/**/*.ts'],
    languageOptions: { globals: { ...globals.browser } },
    rules: { 'no-restricted-imports': ['error', { paths: [{ name: 'vscode', message: 'Webview code cannot use the VS Code API: post a message.' }, { name: 'zod', message: 'Validate in the extension, not in the webview bundle.' }] }] },
  },
  {
    // protocol/ is imported by both bundles: types and tiny helpers only.
    files: ['src/protocol/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [{ name: 'vscode', message: 'src/protocol is shared with the webview.' }, { name: 'zod', message: 'src/protocol is shared with the webview: schemas live in the extension.' }] }] },
  },
  {
    // The rooms and their borders (eslint.rooms.mjs), and no file past 400 lines.
    files: ['src/**/*.ts', 'webview/**/*.ts'],
    plugins: { house: roomsPlugin },
    rules: {
      'house/rooms': 'error',
      'max-lines': ['error', { max: 400, skipBlankLines: false, skipComments: false }],
    },
  },
);
