import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Tests import the domain package from source so that no build is needed before `vitest`, and
// its test builders as '@hanger/domain/testing'. Both are matched exactly: a plain
// '@hanger/domain' key would also rewrite the longer name.
const domainSrc = fileURLToPath(new URL('./packages/domain/src/index.ts', import.meta.url));
const domainTesting = fileURLToPath(
  new URL('./packages/domain/src/testing/fixtures.ts', import.meta.url),
);
const alias = [
  { find: /^@hanger\/domain\/testing$/, replacement: domainTesting },
  { find: /^@hanger\/domain$/, replacement: domainSrc },
];

export default defineConfig({
  test: {
    projects: [
      {
        resolve: { alias },
        // Property tests run hundreds of cases: 5 s (the default) is too tight when the two cores
        // are shared with a build, which made CI fail on time, not on a wrong answer.
        test: {
          name: 'domain',
          root: './packages/domain',
          environment: 'node',
          include: ['src/**/*.test.ts'],
          testTimeout: 20_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'server',
          root: './packages/server',
          environment: 'node',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Integration suites share one PostgreSQL server; files run one at a time to keep the 2-core box calm.
          fileParallelism: false,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'web',
          root: './packages/web',
          environment: 'happy-dom',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['./src/test-setup.ts'],
          testTimeout: 20_000,
        },
      },
    ],
  },
});
