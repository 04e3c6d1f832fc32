import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';

/**
 * lib's platform: what any resource builds on, and which knows no resource (docs/architecture.md,
 * "Which way imports go"). lib's top-level files (config, errors, objects, …) are platform too.
 */
export const PLATFORM_FOLDERS = ['aws', 'db', 'http', 'observability', 'schemas'];
/** What several resources build on, above the platform: each imports only the platform and the others. */
export const SHARED_SERVICES = ['audit', 'events', 'matching', 'request-log', 'versions'];
/**
 * The resources: each imports only the platform and the shared services, so none knows another.
 * Applications read JDs and resumes (an application joins the two), and the product's event schemas
 * describe all three: those two may import jds and resumes too. Flows that cross resources (test mode,
 * the product-event consumer, the dispatcher, the request pipeline) are lib/composition's.
 */
export const RESOURCE_FOLDERS = [
  'applications',
  'jds',
  'keys',
  'mcp',
  'product-events',
  'resumes',
  'webhooks',
];
const READS_JDS_AND_RESUMES = ['applications', 'product-events'];
const TOP_LEVEL_FILES = [
  './config.ts',
  './errors.ts',
  './objects.ts',
  './process-wide.ts',
  './functions.ts',
];

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
      'no-restricted-syntax': [
        'error',
        {
          // `name in TABLE` is true for `toString` and `__proto__`: a name from outside finds what every
          // object inherits. A literal on the left is a type guard over our own shapes, and stays.
          selector: "BinaryExpression[operator='in'][left.type!='Literal']",
          message:
            'Look a name up with ownEntry (lib/objects.ts), Object.hasOwn or a Map: `in` finds inherited properties too.',
        },
      ],
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
      'lib/composition/product-events/**/*.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              // The scopes are the API's vocabulary (a key holds some), not a wire decision.
              group: ['**/http/*', '**/http/**', '!**/http/scopes.js'],
              message:
                'Stores, models and the product writers are HTTP-free: move wire decisions to lib/<resource>/api.ts or lib/http.',
            },
          ],
        },
      ],
    },
  },
  {
    // Imports run one way: the platform imports no resource folder, nor the composition folder that
    // assembles them (lib/composition). Resolved as TypeScript resolves them, so no spelling slips by.
    files: ['lib/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'tsconfig.json' })],
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...PLATFORM_FOLDERS.map((folder) => ({
              target: `./lib/${folder}`,
              from: './lib',
              except: [...PLATFORM_FOLDERS.map((platform) => `./${platform}`), ...TOP_LEVEL_FILES],
              message:
                'lib/' +
                folder +
                ' is platform: it imports no resource folder nor lib/composition. Move what both need down into the platform, or the assembling up into lib/composition (docs/architecture.md, "Which way imports go").',
            })),
            ...SHARED_SERVICES.map((folder) => ({
              target: `./lib/${folder}`,
              from: './lib',
              except: [
                ...[...PLATFORM_FOLDERS, ...SHARED_SERVICES].map((below) => `./${below}`),
                ...TOP_LEVEL_FILES,
              ],
              message:
                'lib/' +
                folder +
                ' is a shared service (what resources build on): it imports only the platform and the other shared services (docs/architecture.md, "Which way imports go").',
            })),
            ...RESOURCE_FOLDERS.map((folder) => ({
              target: `./lib/${folder}`,
              from: './lib',
              except: [
                `./${folder}`,
                ...[...PLATFORM_FOLDERS, ...SHARED_SERVICES].map((below) => `./${below}`),
                ...(READS_JDS_AND_RESUMES.includes(folder) ? ['./jds', './resumes'] : []),
                ...TOP_LEVEL_FILES,
              ],
              message:
                'lib/' +
                folder +
                ' is a resource: it imports only the platform and the shared services (audit, events, matching, request-log, versions), and only applications and product-events import jds and resumes. A flow that crosses resources goes in lib/composition (docs/architecture.md, "Which way imports go").',
            })),
            {
              // The authorizer reads keys, and nothing else above the platform.
              target: './lib/auth',
              from: './lib',
              except: [
                './auth',
                './keys',
                ...PLATFORM_FOLDERS.map((platform) => `./${platform}`),
                ...TOP_LEVEL_FILES,
              ],
              message:
                'lib/auth is the authorizer: it imports keys and the platform only (docs/architecture.md, "Which way imports go").',
            },
          ],
        },
      ],
    },
  },
);
