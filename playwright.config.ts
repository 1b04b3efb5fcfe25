import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

/**
 * Journeys in a real Chromium against `npm start`'s server (built app + gateway + reference
 * backend with data pinned to one day): one server per worker, on a free port (e2e/fixtures.ts).
 * E2E_WORKERS (default 2, the machine's cores) sets how many. CHROMIUM_PATH overrides the browser;
 * without it Debian's /usr/bin/chromium is used when present, else Playwright's own.
 */
const chromium = process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);

export default defineConfig({
  testDir: 'e2e',
  testMatch: '*.spec.ts',
  fullyParallel: false,
  // Files run one after another in a worker, each worker against its own server.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: process.env.CI ? 1 : 0,
  // A journey on a busy two-core machine (two workers) may take a while; assertions keep their own waits.
  timeout: 60_000,
  // Two workers share two cores: an assertion waits a little longer for a busy browser, never for less.
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: 'reports/playwright.json' }]],
  use: {
    trace: 'retain-on-failure',
    ...devices['Desktop Chrome'],
    launchOptions: {
      ...(chromium ? { executablePath: chromium } : {}),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
});
