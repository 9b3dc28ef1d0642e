// One lint configuration for every package (issue 13 §5). Formatting is Prettier's (.prettierrc);
// eslint-config-prettier turns off the rules that would argue with it.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'var/**', 'coverage/**', '**/build/**', '.e2e-output/**', 'core/counts/native/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // Unused bindings are errors; a leading underscore says 'deliberately unused' (destructuring to omit a field).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      eqeqeq: ['error', 'always'],
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
      // Blueprint's Popover positions through react-popper, which mis-places content under React 19
      // (issue 14 §11); PopoverNext (Floating UI) is its replacement, as Tooltip and MenuItem use.
      'no-restricted-imports': [
        'error',
        { paths: [{ name: '@blueprintjs/core', importNames: ['Popover'], message: 'Use PopoverNext: Popover (react-popper) mis-positions under React 19.' }] },
      ],
    },
  },
  {
    // Issue 24 §3: a promise nobody handles loses its failure (a spinner without end, an unhandled
    // rejection). The rule needs types: typed linting through the TypeScript project service.
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: { '@typescript-eslint/no-floating-promises': 'error' },
  },
  {
    // In the browser `void promise` is no answer either: a store action returns a Settled promise
    // (core/platform Resource.ts: its failure is already in the store's state), or the caller
    // handles the rejection. On the server and in scripts a `void` stays a reviewed decision.
    files: ['core/{platform,ui,charts}/src/**', 'core/*/src/client/**', 'plugins/*/src/client/**', 'host/src/client/**'],
    rules: {
      '@typescript-eslint/no-floating-promises': [
        'error',
        {
          ignoreVoid: false,
          // react-router's navigate (BrowserRouter/MemoryRouter, no data router) does not reject.
          allowForKnownSafeCalls: [{ from: 'package', name: 'NavigateFunction', package: 'react-router' }],
          // A Settled promise never rejects: its failure is already in a store's state (core/platform Resource.ts).
          allowForKnownSafePromises: [{ from: 'file', name: 'Settled', path: 'core/platform/src/Resource.ts' }],
        },
      ],
    },
  },
  {
    // Scripts, tests and the e2e suite talk to the terminal.
    files: ['scripts/**', 'e2e/**', '**/*.test.{ts,tsx}', 'host/src/server/**', 'core/counts/scripts/**', '**/demoApp.ts'],
    rules: { 'no-console': 'off' },
  },
  {
    // Tests read JSON answers as `any` and then assert their shape: the assertion is the type check.
    files: ['**/*.test.{ts,tsx}'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['**/*.{js,cjs}'],
    languageOptions: {
      sourceType: 'commonjs',
      globals: { require: 'readonly', module: 'writable', __dirname: 'readonly', process: 'readonly', console: 'readonly' },
    },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  prettier,
);
