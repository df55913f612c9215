// Code lint; the layers (who may import whom, no cycles) are dependency-cruiser's, in .dependency-cruiser.cjs.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'contracts/build/', 'test-results/', 'playwright-report/', 'paymaster-data/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  { languageOptions: { globals: { ...globals.browser, ...globals.node } } },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', ignoreRestSiblings: true }],
      'no-restricted-syntax': ['error', { selector: "CallExpression[callee.property.name='only']", message: 'Focused tests skip the rest.' }],
    },
  },
  {
    // The two classic rules only: the plugin's recommended set adds the React Compiler's checks.
    files: ['src/ui/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    // Tests read JSON replies loosely, and Playwright's fixtures take `{}` when they need no other fixture.
    files: ['**/*.test.ts', 'e2e/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', 'no-empty-pattern': 'off' },
  },
);
