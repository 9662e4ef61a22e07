// One lint for the whole repository (`npm run lint`, part of `npm test`): the recommended
// JavaScript and TypeScript rules, the rules of hooks for the React apps, and the import
// boundaries of CONVENTIONS.md (ADR 016 says why these tools and not others), and the map of
// tables to the server modules that write them (ADR 048).
import fs from 'node:fs'
import path from 'node:path'
import js from '@eslint/js'
import { defineConfig, globalIgnores } from 'eslint/config'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'
import { restrictedPathsPlugin } from './tools/eslint-restricted-paths.js'
import { loadTableOwners, schemaTables, tableOwnersPlugin } from './tools/eslint-table-owners.js'

const root = import.meta.dirname
const reactApps = ['apps/web', 'apps/admin'].filter((app) => fs.existsSync(path.join(root, app)))
const { TABLE_OWNERS, OWNERSHIP_EXCEPTIONS } = await loadTableOwners(path.join(root, 'apps/server/src/db/table-owners.ts'))

/** In a React app, a feature imports no other feature (each zone: one feature, all the others). */
function featureZones(app) {
  const features = path.join(root, app, 'src/features')
  if (!fs.existsSync(features)) return []
  return fs
    .readdirSync(features, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map(({ name }) => ({
      target: `${app}/src/features/${name}`,
      from: `${app}/src/features`,
      except: [`./${name}`],
      message: 'A feature never imports another feature: move what both need to src/components or src/lib, or compose them in src/app.',
    }))
}

/**
 * A server module owns its tables (CONVENTIONS §7): no other module, nor the server's shared
 * lib and plugins, imports its repository; they ask its service. Tests may seed through one.
 */
function serverModuleZones() {
  const modules = path.join(root, 'apps/server/src/modules')
  if (!fs.existsSync(modules)) return []
  const message = "A server module's repository is its own: ask the owning module through its service (CONVENTIONS §7)."
  return [
    ...fs
      .readdirSync(modules, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map(({ name }) => ({
        target: `apps/server/src/modules/${name}`,
        from: 'apps/server/src/modules',
        except: [`./${name}`],
        suffix: '.repository',
        message,
      })),
    { target: ['apps/server/src/lib', 'apps/server/src/plugins'], from: 'apps/server/src/modules', suffix: '.repository', message },
  ]
}

/**
 * The order lifecycle knows no other module by name (ADR 049): payments, loyalty, promotions,
 * messages and stock register what they do on an order's steps with it; orders imports none of them.
 */
const orderLifecycleZone = {
  target: 'apps/server/src/modules/orders',
  from: ['payments', 'loyalty', 'promotions', 'messages', 'stock'].map((module) => `apps/server/src/modules/${module}`),
  message:
    'The orders module imports no payments, loyalty, promotions, messages or stock code: that module registers what it does on an order\'s steps with the lifecycle (order-participants.service.ts, ADR 049).',
}

const boundaries = [
  ...serverModuleZones(),
  orderLifecycleZone,
  ...reactApps.flatMap((app) => [
    ...featureZones(app),
    {
      target: [`${app}/src/components`, `${app}/src/lib`],
      from: [`${app}/src/features`, `${app}/src/app`],
      message: 'Shared components and lib never import features or the app that composes them.',
    },
    {
      target: `${app}/src/features`,
      from: `${app}/src/app`,
      message: 'Features never import the app that composes them.',
    },
    {
      // The end-to-end harness (e2e/) starts the real server and may use its helpers.
      target: `${app}/src`,
      from: 'apps/server',
      message: 'A React app never imports server code: share it through packages/shared.',
    },
  ]),
  {
    target: 'apps/server',
    from: reactApps,
    message: 'The server never imports a React app: share it through packages/shared.',
  },
  // The storefront and the back-office are separate apps and bundles: neither's code imports
  // the other. (The storefront's browser harness, e2e/ and scripts/, drives both.)
  {
    target: 'apps/web/src',
    from: 'apps/admin',
    message: 'The storefront never imports the back-office (apps/admin): share it through packages/shared.',
  },
  {
    target: 'apps/admin/src',
    from: 'apps/web',
    message: 'The back-office never imports the storefront (apps/web): share it through packages/shared.',
  },
  {
    target: 'packages',
    from: 'apps',
    message: 'Packages never import an app: apps depend on packages, never the reverse.',
  },
]

export default defineConfig(
  globalIgnores([
    '**/node_modules/',
    '**/dist/',
    '**/dist-server/',
    '**/test-results/',
    '**/coverage/',
    '**/playwright-report/',
    '**/.data/',
    '**/migrations/',
    'apps/web/bench/results/',
    'apps/web/screenshots/',
    '.bench-against/',
  ]),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { globals: globals.node },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // `_name` marks a parameter or a destructured key that is left out on purpose.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    files: ['**/e2e/support/*.js'],
    languageOptions: { globals: globals.browser, sourceType: 'script' },
  },
  {
    files: reactApps.map((app) => `${app}/**/*.{ts,tsx}`),
    extends: [reactHooks.configs.flat.recommended],
    languageOptions: { globals: globals.browser },
  },
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { boundaries: restrictedPathsPlugin({ root, aliases: reactApps.map((app) => ({ prefix: '@/', dir: `${app}/src`, within: app })) }) },
    rules: { 'boundaries/no-restricted-paths': ['error', { zones: boundaries }] },
  },
  {
    // The payments module owns the payment attempts and the providers' events (CONVENTIONS §7):
    // another module asks its ledger (payment-ledger.service.ts) and never names these tables
    // (the server-shape test looks for them in raw SQL too).
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/modules/payments/**', 'apps/server/src/db/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/db/schema.ts'],
              importNames: ['paiements', 'paymentEvents'],
              message: 'The payment tables are the payments module\'s: use its ledger (payments/payment-ledger.service.ts).',
            },
          ],
        },
      ],
    },
  },
  {
    // A server module writes only the tables it owns (apps/server/src/db/table-owners.ts, ADR 048).
    files: ['apps/server/src/modules/**/*.ts'],
    plugins: { 'table-owners': tableOwnersPlugin },
    rules: {
      'table-owners/write-own-tables': [
        'error',
        {
          modulesDir: path.join(root, 'apps/server/src/modules'),
          tables: schemaTables(path.join(root, 'apps/server/src/db/schema.ts')),
          owners: TABLE_OWNERS,
          exceptions: OWNERSHIP_EXCEPTIONS,
        },
      ],
    },
  },
  {
    // The storefront talks to the server only from an `api/` folder (issue 24 §1, ADR 051): a
    // feature's calls in `features/<feature>/api/`, the calls several features share (the
    // session, orders, addresses, loyalty, reference lists) in `lib/api/`. Elsewhere no call to
    // the client, no fetch and no GraphQL document.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/features/*/api/**', 'apps/web/src/lib/api/**', 'apps/web/src/lib/api-client.ts', 'apps/web/src/testing/**', '**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/api-client.ts', '**/api-client'],
              importNames: ['rest', 'graphql', 'storefront', 'storefrontData'],
              message: 'Calls to the API live in the owning feature\'s api/ folder (or lib/api/ when several features share them): ADR 051.',
            },
            {
              group: ['@teranga/shared/storefront-queries'],
              importNames: ['STOREFRONT_QUERIES'],
              message: 'The storefront documents are run by lib/api-client.ts (storefrontData), called from an api/ folder: ADR 051.',
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.name='fetch'], CallExpression[callee.property.name='fetch']",
          message: 'The storefront reaches the server through lib/api-client.ts, from an api/ folder: ADR 051.',
        },
        {
          selector: 'Literal[value=/^\\s*(query|mutation|subscription)\\b/], TemplateElement[value.raw=/^\\s*(query|mutation|subscription)\\b/]',
          message: 'A GraphQL document lives in the owning feature\'s api/ folder (or in @teranga/shared/storefront-queries): ADR 051.',
        },
      ],
    },
  },
  {
    // The service worker relays the page's own requests (ADR 032's offline reads): it sends no call of its own.
    files: ['apps/web/src/features/offline/sw.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    // The storefront's cart provider imported its panel, which imported the provider back.
    files: reactApps.map((app) => `${app}/src/**/*.{ts,tsx}`),
    rules: { 'boundaries/no-import-cycle': 'error' },
  },
)
