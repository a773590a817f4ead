import { builtinModules } from 'node:module';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';

/**
 * The web app's layers (docs/design.md: app -> features -> components -> lib). An import may only
 * point down: lib imports nothing from components/, features/ or app/; components nothing from
 * features/ or app/; a feature nothing from app/ or from another feature (the app composes
 * them; what two features share goes in components/ or lib/).
 *
 * Imports are relative, so what a path reaches depends on how deep the importing file sits:
 * there is one block per layer and depth, each with the number of `../` that climbs from that
 * depth to src/ (files deeper than MAX_WEB_DEPTH folders are not checked). Dynamic import() is
 * held to the same rule.
 */
const WEB_SRC = 'packages/web/src';
const MAX_WEB_DEPTH = 5;
const FEATURES_OR_APP = '(?:features|app)(?:/|$)';

function webLayer({ dir, segments, forbidden, message }) {
  const blocks = [];
  for (let depth = 1; depth <= MAX_WEB_DEPTH; depth++) {
    const toSrc = segments + depth - 1;
    const regexes = [`^(?:\\.\\./){${toSrc}}${forbidden}`];
    // Inside features/<f>/, climbing to features/ and down again reaches another feature.
    if (dir === 'features/*') regexes.push(`^(?:\\.\\./){${toSrc - 1}}(?!\\.\\./)`);
    const folders = '*/'.repeat(depth - 1);
    blocks.push({
      files: [`${WEB_SRC}/${dir}/${folders}*.{ts,tsx}`],
      rules: {
        'no-restricted-imports': [
          'error',
          { patterns: regexes.map((regex) => ({ regex, message })) },
        ],
        'no-restricted-syntax': [
          'error',
          ...regexes.map((regex) => ({
            selector: `ImportExpression[source.value=/${regex.replaceAll('/', '\\/')}/]`,
            message,
          })),
        ],
      },
    });
  }
  return blocks;
}

const webLayers = [
  ...webLayer({
    dir: 'lib',
    segments: 1,
    forbidden: '(?:components|features|app)(?:/|$)',
    message: 'lib/ is the bottom layer: it imports nothing from components/, features/ or app/.',
  }),
  ...webLayer({
    dir: 'components',
    segments: 1,
    forbidden: FEATURES_OR_APP,
    message: 'Shared components import nothing from features/ or app/; pass what they need in.',
  }),
  ...webLayer({
    dir: 'features/*',
    segments: 2,
    forbidden: FEATURES_OR_APP,
    message:
      'A feature never imports another feature or the app: move what they share to ' +
      'components/ or lib/, and let app/ compose them.',
  }),
];

/** What the pure domain package may not import: Node built-ins, UI, and every I/O library. */
const DOMAIN_FORBIDDEN = [
  ...builtinModules.filter((m) => !m.startsWith('_') && !m.includes('/')),
  'react',
  'react-dom',
  '@hanger/server',
  '@hanger/web',
  'kysely',
  'pg',
  'better-sqlite3',
  'ioredis',
  'sharp',
  'fastify',
  'nodemailer',
  'better-auth',
  'zustand',
  'idb',
];
const escapeRegex = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const DOMAIN_NAMES = DOMAIN_FORBIDDEN.map(escapeRegex).join('|');
const DOMAIN_FORBIDDEN_REGEX = `^(?:node:|@fastify/|@aws-sdk/|(?:${DOMAIN_NAMES})(?:/|$))`;

/**
 * Data access on the server (packages/server/src/repositories/README.md): every query lives in
 * packages/server/src/repositories/, whose functions take the owner's id first, so that a service
 * cannot write a query across accounts. Anywhere else in the server's source, a call of Kysely's
 * query builders is refused, whatever table it names. The exceptions, each for its reason:
 * - repositories/: where the queries go.
 * - db/migrations/: schema changes and data moves of every account at once.
 * - auth/signing-keys.ts and auth/revocation.ts: the identity service's own tables (jwks,
 *   auth_revocation), which hold no account's wardrobe rows; better-auth's adapter itself
 *   (auth/better-auth.ts) is handed the Kysely instance and queries through it.
 * - tests, which seed and inspect the database directly.
 * backup/ copies the database (file copy, pg_dump) and builds no query, so it needs no exception.
 */
const QUERY_BUILDERS = 'selectFrom|updateTable|deleteFrom|insertInto|replaceInto|mergeInto';
const serverQueries = {
  files: ['packages/server/src/**/*.ts'],
  ignores: [
    'packages/server/src/repositories/**',
    'packages/server/src/db/migrations/**',
    'packages/server/src/auth/signing-keys.ts',
    'packages/server/src/auth/revocation.ts',
    'packages/server/src/**/*.test.ts',
  ],
  rules: {
    'no-restricted-syntax': [
      'error',
      {
        selector: `CallExpression[callee.property.name=/^(?:${QUERY_BUILDERS})$/]`,
        message:
          "Queries live in packages/server/src/repositories/, whose functions take the owner's " +
          'id first: call one of those (or add one there).',
      },
    ],
  },
};

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      'bench/results/**',
      'e2e/artifacts/**',
      'test-results/**',
      'playwright-report/**',
      // Caches: Node LTS and its better-sqlite3 (scripts/test-node-lts.sh), benchmark inputs.
      '.cache/**',
      'bench/.cache/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['packages/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // The domain package stays pure: no I/O, no Node built-ins, no React.
    files: ['packages/domain/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: DOMAIN_FORBIDDEN_REGEX,
              message: 'packages/domain holds pure rules: no I/O, no Node built-ins, no UI.',
            },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        ...[
          'fetch',
          'XMLHttpRequest',
          'WebSocket',
          'localStorage',
          'sessionStorage',
          'indexedDB',
        ].map((name) => ({
          name,
          message: 'packages/domain does no I/O: the caller passes data in.',
        })),
      ],
    },
  },
  ...webLayers,
  serverQueries,
  {
    // No import cycle anywhere in packages/ (issue 35), dynamic import() included: a cycle held
    // apart by a lazy import is still one module reaching back to its caller. Type-only imports
    // are not followed (they leave nothing at run time). docs/architecture.md says how the
    // layers avoid them: the app composes, what is lower is handed its callbacks.
    files: ['packages/*/src/**/*.{ts,tsx}', 'packages/*/test/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        importX.createNodeResolver({
          extensions: ['.ts', '.tsx', '.js', '.mjs'],
          // The server's and the domain's ESM imports name the compiled .js of a .ts source.
          extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
        }),
      ],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
);
