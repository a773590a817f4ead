import { defineConfig, devices } from '@playwright/test';

/**
 * End-to-end tests drive the built app in Debian's Chromium (no browser downloads). The global
 * setup starts a real SMTP receiver and the built server (`npm run serve`) on a fresh data folder
 * and a free port; tests read the address from E2E_BASE_URL (see e2e/fixtures.ts).
 */
export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.spec.ts',
  // E2E_ARTIFACTS lets two runs on one machine keep their results apart.
  outputDir: `${process.env.E2E_ARTIFACTS ?? './e2e/artifacts'}/test-results`,
  globalSetup: './e2e/global-setup.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // Two workers under CI as locally: the suite is written for it (one account per test, a server per
  // worker for the auth specs) and it keeps the whole CI run well under its 30 minutes.
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  reporter: [
    ['list'],
    ['json', { outputFile: `${process.env.E2E_ARTIFACTS ?? './e2e/artifacts'}/results.json` }],
    [
      'html',
      { outputFolder: `${process.env.E2E_ARTIFACTS ?? './e2e/artifacts'}/report`, open: 'never' },
    ],
  ],
  use: {
    ...devices['Desktop Chrome'],
    viewport: { width: 1440, height: 900 },
    locale: 'en-GB',
    timezoneId: 'Europe/London',
    screenshot: 'only-on-failure',
    // Recording a trace (DOM snapshots and a screencast of every action) costs every test CPU on a
    // two-core machine. Under CI a failed test runs again, and that retry records one; elsewhere
    // (no retries) every test records and keeps the trace of a failure.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
