import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

/**
 * Journeys in a real Chromium against `npm start`'s server (built app + gateway + reference
 * backend with data pinned to one day). CHROMIUM_PATH overrides the browser; without it Debian's
 * /usr/bin/chromium is used when present, else Playwright's own.
 */
const PORT = Number(process.env.E2E_PORT ?? 8190);
const chromium = process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);

export default defineConfig({
  testDir: 'e2e',
  testMatch: '*.spec.ts',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  reporter: [['list'], ['json', { outputFile: 'reports/playwright.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'retain-on-failure',
    ...devices['Desktop Chrome'],
    launchOptions: {
      ...(chromium ? { executablePath: chromium } : {}),
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
    },
  },
  webServer: {
    command: 'node src/server/start.ts',
    url: `http://127.0.0.1:${PORT}/session`,
    ignoreHTTPSErrors: true,
    reuseExistingServer: false,
    timeout: 60_000,
    // Data laid back from today: the dashboard's default ranges are relative to the real clock.
    env: { PORT: String(PORT), HOST: '127.0.0.1', SEED: '1' },
  },
});
