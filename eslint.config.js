import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['node_modules/', 'cdk.out/', '**/dist/', 'docs/', '.generated/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { process: 'readonly', console: 'readonly', Buffer: 'readonly' } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    // What is stored, and what the product's events do to it, know nothing of HTTP: ETags, If-Match,
    // statuses and answers are decided by the API layer (lib/<resource>/api.ts and lib/http).
    files: [
      'lib/*/model.ts',
      'lib/*/store.ts',
      'lib/*/sync.ts',
      'lib/db/**/*.ts',
      'lib/product-events/**/*.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/http/*', '**/http/**'],
              message:
                'Stores, models and the product writers are HTTP-free: move wire decisions to lib/<resource>/api.ts or lib/http.',
            },
          ],
        },
      ],
    },
  },
);
