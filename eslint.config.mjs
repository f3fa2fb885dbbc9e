// `npm run lint`: typescript-eslint (strict, type-aware), the React hooks rules,
// the import table of ../shared/STYLE.md ("Layout") and the one-config rule
// (nothing but lib/env.ts reads process.env). Plain JavaScript (.mjs/.js) is
// outside tsconfig.json, so it gets the same rules without type information.
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// ---------------------------------------------------------------------------
// The import table, as regular expressions over import specifiers. A module is
// named either through the `@/` alias or relatively; the top-level folder names
// occur nowhere else in the tree, so `^(@/|./|(../)+)server/` can only mean the
// root server/ folder, whatever the importing file's depth.
const ROOT = String.raw`^(@/|\./|(\.\./)+)`;
const under = (folders) => `${ROOT}(${folders})(/|$)`;

/** @typedef {{ regex: string, message: string, allowTypeImports?: boolean }} Zone */

/** Nothing imports server/: it is an entry point (Next's handler + socket.io). */
const notServer = {
  regex: under('server'),
  message: 'Nothing imports server/ (the custom server is an entry point). Move what both need into lib/.',
};

/** Only lib/db.ts opens a Prisma client; pages, route handlers and UI call a domain function. */
const notPrisma = [
  {
    regex: String.raw`${ROOT}lib/(db|generated)(/|\.ts$|$)|^@prisma/|^pg$`,
    message: 'app/ and components/ never use a Prisma client: call a domain function in lib/<domain>/ (types: `import type`).',
    allowTypeImports: true,
  },
];

// The client-safe part of lib/ (no `import 'server-only'`; the list
// tests/unit/import-boundaries.test.ts holds lib/ to): what the browser may load.
const CLIENT_SAFE_LIB = String.raw`(validation|utils)(/|$)|realtime/(events|change-feed|recent-changes)$|figures/board$|errors$`;

/**
 * components/ may import only the client-safe modules of lib/ at run time
 * (types from anywhere in lib/: they are erased).
 */
function componentZones() {
  return [
    {
      regex: String.raw`^(@/|(\.\./)+)lib/(?!${CLIENT_SAFE_LIB})`,
      message:
        'components/ import only the client-safe lib/validation, lib/utils, lib/errors.ts, lib/figures/board.ts and lib/realtime/{events,change-feed,recent-changes}.ts at run time (`import type` from elsewhere is fine). Move what the browser needs into one of them.',
      allowTypeImports: true,
    },
    {
      regex: under('app|server|seeds|scripts|tests|e2e|bench|prisma'),
      message: 'components/ import only components/, lib/validation and lib/utils.',
    },
  ];
}

/**
 * lib/validation and lib/utils are shared by browser and server: they import
 * each other, lib/errors.ts (no dependencies) and packages that run in a
 * browser, nothing server-side.
 */
function clientSafeLibZones() {
  return [
    {
      regex: String.raw`^(\.\./(?!(validation|utils)/|errors$)|(\.\./){2,}|@/(?!lib/((validation|utils)/|errors$)))`,
      message: 'lib/validation and lib/utils are client-safe: they import only each other and lib/errors.ts.',
    },
    {
      regex: String.raw`^(server-only$|@prisma/|pg$|node:)`,
      message: 'lib/validation and lib/utils run in the browser too: no server-only packages.',
    },
  ];
}

/** lib/ is the domain layer: it never reaches up into the entry points or the harness. */
const libDown = {
  regex: under('app|components|server|scripts|tests|e2e|bench'),
  message: 'lib/ does not import app/, components/, server/, scripts/ or the test and benchmark harness.',
};

/** app/ (and proxy.ts) may import lib/* and components/. */
const appDown = {
  regex: under('seeds|scripts|tests|e2e|bench'),
  message: 'app/ imports only lib/* and components/.',
};

/** server/ may import lib/* (and the seeding code it runs at start-up). */
const serverDown = {
  regex: under('app|components|tests|e2e|bench'),
  message: 'server/ imports lib/* (and seeds/), not the pages, the UI or the harness.',
};

/** @param {Zone[]} zones */
const imports = (zones) => ['error', { patterns: zones.map((z) => ({ caseSensitive: true, ...z })) }];

// ---------------------------------------------------------------------------
// Configuration is read once, in lib/env.ts (issue 10, STYLE.md habit 5).
const processEnv = {
  'no-restricted-properties': [
    'error',
    { object: 'process', property: 'env', message: 'Read configuration with config() from lib/env.ts (add the variable to its schema and the README table).' },
    { object: 'globalThis', property: 'process', message: 'Use process directly; read configuration with config() from lib/env.ts.' },
  ],
  'no-restricted-imports': [
    'error',
    {
      paths: [
        { name: 'process', importNames: ['env'], message: 'Read configuration with config() from lib/env.ts.' },
        { name: 'node:process', importNames: ['env'], message: 'Read configuration with config() from lib/env.ts.' },
      ],
    },
  ],
};

/** Where process.env may be used. Everything else goes through config(). */
export const PROCESS_ENV_ALLOWED = [
  // the config module: its one read of the environment
  'lib/env.ts',
  // prepare/start/test run before dependencies are installed, in plain Node,
  // and hand the environment on to the child processes they start
  'scripts/*.mjs',
  // loaded by Next.js itself (also by `next build`, outside our process)
  'next.config.js',
  // loaded by the Prisma CLI (`npm run db:generate`), not by the app
  'prisma.config.ts',
  // the test and benchmark harness: it sets up the environment the app runs in
  // (child processes, the test database), as a shell would
  'playwright.config.ts',
  'vitest.config.ts',
  'tests/**',
  'e2e/**',
  'bench/**',
];
// (The two writes for libraries in server/bootstrap.ts exportForLibraries carry
// their own disable comments.)

export default defineConfig(
  globalIgnores(['.next/', '.data/', 'lib/generated/', 'test-results/', 'playwright-report/', 'e2e/.artifacts/', 'e2e/screenshots/', 'next-env.d.ts']),
  { linterOptions: { reportUnusedDisableDirectives: 'error', reportUnusedInlineConfigs: 'error' } },

  js.configs.recommended,
  tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // Numbers and booleans read fine in a template; objects, null and
      // undefined are what print "[object Object]" or "undefined".
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true, allowBoolean: true }],
      // `onClick={() => setOpen(false)}` says what it means; the rule is for
      // using a void result as a value, which it still reports.
      '@typescript-eslint/no-confusing-void-expression': ['error', { ignoreArrowShorthand: true }],
      // A leading underscore marks a binding kept on purpose (an unused
      // parameter of a uniform signature, a key left out of a rest object).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      // STYLE.md habit 8: `type` over `interface`.
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      // STYLE.md: no double casts. If the types don't line up, the design doesn't yet.
      'no-restricted-syntax': [
        'error',
        { selector: 'TSAsExpression > TSAsExpression', message: 'No double casts (`as unknown as`): make the types line up instead.' },
        { selector: 'TSAsExpression[typeAnnotation.type="TSNeverKeyword"]', message: 'No `as never`: make the types line up instead.' },
      ],
    },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { globals: globals.node },
  },

  {
    // In the harness a value that is not there fails the test (or the
    // benchmark) at that line, which is what `!` after an index says.
    files: ['tests/**', 'e2e/**', 'bench/**'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },

  {
    files: ['app/**/*.tsx', 'components/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat['recommended-latest']],
  },

  // The import table.
  {
    rules: { '@typescript-eslint/no-restricted-imports': imports([notServer]) },
  },
  { files: ['app/**', 'proxy.ts'], rules: { '@typescript-eslint/no-restricted-imports': imports([notServer, ...notPrisma, appDown]) } },
  { files: ['components/**'], rules: { '@typescript-eslint/no-restricted-imports': imports([...notPrisma, ...componentZones()]) } },
  { files: ['lib/**'], rules: { '@typescript-eslint/no-restricted-imports': imports([libDown]) } },
  { files: ['lib/validation/**', 'lib/utils/**'], rules: { '@typescript-eslint/no-restricted-imports': imports([libDown, ...clientSafeLibZones()]) } },
  {
    // The figures board is pure and shared with the browser; its siblings in lib/figures/ are server-only.
    files: ['lib/figures/board.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': imports([
        libDown,
        ...clientSafeLibZones(),
        { regex: String.raw`^\./`, message: 'lib/figures/board.ts is client-safe: it imports lib/validation and lib/utils only.' },
      ]),
    },
  },
  { files: ['server/**'], rules: { '@typescript-eslint/no-restricted-imports': imports([serverDown]) } },
  // tests/ may import everything (STYLE.md), server/ included.
  { files: ['tests/**'], rules: { '@typescript-eslint/no-restricted-imports': 'off' } },

  // One configuration object.
  { rules: processEnv },
  {
    files: PROCESS_ENV_ALLOWED,
    rules: { 'no-restricted-properties': 'off', 'no-restricted-imports': 'off' },
  },
);
