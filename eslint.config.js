// @ts-check
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import boundaries from './scripts/eslint/feature-boundaries.ts';

/**
 * contract/common.ts carries zod schemas: code on every page's boot path takes plain values from
 * contract/lang.ts and the other zod-free contract files, and only types from common.ts. The same
 * for contract/captcha.ts: the order submit (web/lib/use-captcha-submit.ts) is on the event and
 * scheme pages' first load, and its one value import of captcha.ts had put zod there.
 */
const ZOD_FREE_BOOT = {
  group: ['**/contract/common.ts', '**/contract/captcha.ts'],
  allowTypeImports: true,
  message:
    'boot-path code takes values from the zod-free contract files (lang.ts, order-form-constants.ts, ...); only types from common.ts and captcha.ts',
};

/**
 * The event and scheme pages render before their forms' checks load: zod, the
 * resolvers and the contract's schema modules are imported only by the modules loaded on demand
 * (event/hooks/buyer-validation.ts, scheme/components/buyer-form.tsx); the rest takes values from
 * the zod-free contract files (buyer-format.ts, event-prices.ts, scheme-codec.ts, ...).
 */
const ZOD_FREE_FORMS = {
  group: [
    'zod',
    '@hookform/resolvers/*',
    '**/contract/common.ts',
    '**/contract/buyer.ts',
    '**/contract/event.ts',
    '**/contract/scheme.ts',
    '**/contract/order-create.ts',
  ],
  allowTypeImports: true,
  message:
    'the event and scheme pages load zod and the schemas on demand (components/buyer-form/buyer-validation.ts); take values from the zod-free contract files',
};
/**
 * Nor do the buyer forms' code, React Hook Form, the phone field and the captcha dialog come with
 * the event and scheme pages: they load when the visitor starts choosing (React.lazy at their use
 * sites, event-view.tsx and cart-panel.tsx); only those modules import one another.
 */
const FORMS_ON_DEMAND = {
  group: [
    'react-hook-form',
    '**/components/phone-field/phone-input.tsx',
    '**/components/phone-field/phone-countries.ts',
    '**/components/captcha/captcha-dialog.tsx',
    '**/components/buyer-section.tsx',
    '**/components/cart-buyer-form.tsx',
    '**/buyer-form/buyer-form.tsx',
    '**/buyer-form/use-buyer.ts',
    '**/buyer-form/buyer-validation.ts',
  ],
  allowTypeImports: true,
  message:
    'the buyer form loads on demand (React.lazy in event-view.tsx, cart-panel.tsx; LazyCaptchaDialog): import it only as a type here',
};
const ON_DEMAND_FORM_MODULES = ['web/features/event/components/buyer-section.tsx', 'web/features/scheme/components/cart-buyer-form.tsx'];
/**
 * The order and ticket pages have no form checked by a schema: their answers' schemas load only
 * where answers are checked (development, tests; web/lib/api.ts). A value import of
 * contract/order-view.ts had put zod and every order schema on the ticket page's first load.
 */
const ZOD_FREE_VIEWS = {
  group: ['zod', '**/contract/common.ts', '**/contract/order-view.ts', '**/contract/payment.ts'],
  allowTypeImports: true,
  message: 'the order and ticket pages load answer schemas on demand (() => import(...)); take values from the zod-free contract files',
};
// Imports between features are the local rule boundaries/feature-boundaries' (it resolves relative paths).
const FEATURE_IMPORTS = [
  { group: ['**/app/router*'], message: 'a feature must not import the router' },
  { group: ['**/server/**'], message: 'the web app talks to the server over HTTP only' },
];

// `status = 30`, `o.status in (10, 20)`, `status <> 90`: a comparison of a status with a number.
const STATUS_NUMBER_IN_SQL = String.raw`/status\s*(=|<>|!=|\bin|\bnot\s+in)\s*\(?\s*\d/i`;
const STATUS_NUMBER_MESSAGE = 'a status in SQL is named: interpolate OrderStatus or ReturnStatus (contract/order-status.ts)';

export default tseslint.config(
  { ignores: ['dist/**', 'data/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', 'bench/.tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      // Unused names are usually leftovers; a leading underscore marks one kept on purpose.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Type-only imports keep Node's type stripping happy (verbatimModuleSyntax).
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // The contract is shared by browser and server: no framework, no database, no DOM.
    files: ['contract/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['react*', 'fastify*', '@fastify/*', 'pg', '@electric-sql/*', '**/server/**', '**/web/**'],
              message: 'contract/ stays free of frameworks and app code',
            },
          ],
        },
      ],
    },
  },
  {
    // The server never reaches into the web app.
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/web/**', 'react*'], message: 'the server does not import the web app' }] },
      ],
    },
  },
  {
    // The demo catalog is composed in by the entry point (main.ts); only tests use it as a fixture.
    files: ['server/**/*.ts'],
    ignores: ['server/**/*.test.ts', 'server/**/*-test-kit.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/web/**', 'react*'], message: 'the server does not import the web app' },
            { group: ['**/demo/**'], message: 'the server does not import the demo: main.ts composes them' },
          ],
        },
      ],
    },
  },
  {
    // A status number in SQL text is a rule that escaped contract/order-status.ts: interpolate the
    // named constant (server/orders/order-status-sql.ts says why not a parameter). Tests keep the
    // wire's numbers on purpose, so a changed constant fails them.
    files: ['server/**/*.ts'],
    ignores: ['server/**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: `Literal[value=${STATUS_NUMBER_IN_SQL}]`, message: STATUS_NUMBER_MESSAGE },
        { selector: `TemplateElement[value.raw=${STATUS_NUMBER_IN_SQL}]`, message: STATUS_NUMBER_MESSAGE },
      ],
    },
  },
  {
    // Imports flow one way: shared -> features -> app; features never import each other.
    files: ['web/components/**/*.{ts,tsx}', 'web/lib/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/features/**', '**/app/**'], message: 'shared code must not depend on features or the app' },
            ZOD_FREE_BOOT,
          ],
        },
      ],
    },
  },
  {
    // The shell and the router load on every page: no zod schemas there (docs/first-load.md).
    files: ['web/app/**/*.{ts,tsx}'],
    ignores: ['web/app/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [ZOD_FREE_BOOT] }],
    },
  },
  {
    files: ['web/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: FEATURE_IMPORTS }],
    },
  },
  {
    // A feature never imports another, however the path is written (scripts/eslint/feature-boundaries.ts).
    files: ['web/**/features/**/*.{ts,tsx}'],
    plugins: { boundaries },
    rules: {
      'boundaries/feature-boundaries': 'error',
    },
  },
  {
    files: ['web/features/order/**/*.{ts,tsx}', 'web/features/ticket/**/*.{ts,tsx}'],
    ignores: ['web/features/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [...FEATURE_IMPORTS, ZOD_FREE_VIEWS] }],
    },
  },
  {
    files: ['web/features/event/**/*.{ts,tsx}', 'web/features/scheme/**/*.{ts,tsx}'],
    ignores: ['web/features/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [...FEATURE_IMPORTS, ZOD_FREE_FORMS] }],
    },
  },
  {
    files: ['web/features/event/**/*.{ts,tsx}', 'web/features/scheme/**/*.{ts,tsx}'],
    ignores: ['web/features/**/*.test.{ts,tsx}', ...ON_DEMAND_FORM_MODULES],
    rules: {
      'no-restricted-imports': ['error', { patterns: [...FEATURE_IMPORTS, ZOD_FREE_FORMS, FORMS_ON_DEMAND] }],
    },
  },
);
