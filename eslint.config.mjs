import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import { roomsPlugin } from './eslint.rooms.mjs';

const NAMED_EXPORTS = { selector: 'ExportDefaultDeclaration', message: 'Use named exports.' };

// Inside src/features/: the one way a command gets its connection and the one confirmation (#54).
const FEATURE_BANS = [
  {
    selector:
      "MemberExpression[property.name='registerCommand'][object.property.name='commands'], MemberExpression[property.name='registerCommand'][object.name='commands']",
    message:
      'Use ctx.registerBoundCommand: it binds the connection and refuses a row listed on another one (#54); ctx.registerUnboundCommand for a command that acts on no connection (a filter, a copy, Sign In).',
  },
  {
    selector: "MemberExpression[property.name='bind'][object.property.name='connections'], MemberExpression[property.name='bind'][object.name='connections']",
    message:
      "Use ctx.registerBoundCommand for a person's command: it binds the connection and refuses a row listed on another one (#54); ctx.bindNamed(id) for a view, a panel or a tool call on the connection it shows or names.",
  },
  {
    selector:
      "MemberExpression[property.name='showWarningMessage'][object.property.name='window'], MemberExpression[property.name='showWarningMessage'][object.name='window']",
    message:
      "Use confirmOperation / ui.notify: a write's confirmation comes from its catalog operation, and a scripted FlowUi answers it under the tests (#54).",
  },
];

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
    rules: { 'no-restricted-syntax': ['error', NAMED_EXPORTS] },
  },
  {
    // A later no-restricted-syntax replaces the one above: named exports are listed again.
    files: ['src/features/**/*.ts'],
    rules: { 'no-restricted-syntax': ['error', NAMED_EXPORTS, ...FEATURE_BANS] },
  },
  {
    // The webview bundles run in the browser: DOM globals, no Node, no VS Code API.
    files: ['webview/**/*.ts'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'vscode', message: 'Webview code cannot use the VS Code API: post a message.' },
            { name: 'zod', message: 'Validate in the extension, not in the webview bundle.' },
          ],
        },
      ],
    },
  },
  {
    // protocol/ is imported by both bundles: types and tiny helpers only.
    files: ['src/protocol/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'vscode', message: 'src/protocol is shared with the webview.' },
            { name: 'zod', message: 'src/protocol is shared with the webview: schemas live in the extension.' },
          ],
        },
      ],
    },
  },
  {
    // The rooms and their borders (eslint.rooms.mjs), and no file past 400 lines of code.
    files: ['src/**/*.ts', 'webview/**/*.ts'],
    plugins: { house: roomsPlugin },
    rules: {
      'house/rooms': 'error',
      // A warning that counts code only: a file is kept small by splitting its concepts, never by
      // long lines or deleted comments (#54); the warning says when to split.
      'max-lines': ['warn', { max: 400, skipBlankLines: true, skipComments: true }],
    },
  },
);
