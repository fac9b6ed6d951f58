import {defineConfig, devices} from '@playwright/test';
import {CHROMIUM_ARGS, CHROMIUM_PATH} from '../support/chromium.mjs';

const PORT = Number(process.env.E2E_PORT ?? 3210);
const ALGOLIA_PORT = PORT + 1;

const browser = {
  ...devices['Desktop Chrome'],
  launchOptions: {executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS},
  trace: 'retain-on-failure' as const,
};

export default defineConfig({
  testDir: '.',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  forbidOnly: !!process.env.CI,
  retries: 0,
  reporter: process.env.CI
    ? [['list']]
    : [['list'], ['html', {open: 'never', outputFolder: '../../playwright-report'}]],
  outputDir: '../../test-results',
  projects: [
    {
      // The production build with its defaults: local search, no hosted services.
      name: 'site',
      testIgnore: /algolia\.spec\.ts/,
      use: {...browser, baseURL: `http://127.0.0.1:${PORT}`},
    },
    {
      // The build made with ALGOLIA_* set (tests/run-all.sh).
      name: 'algolia',
      testMatch: /algolia\.spec\.ts/,
      use: {...browser, baseURL: `http://127.0.0.1:${ALGOLIA_PORT}`},
    },
  ],
  // Production builds, served as a static host would serve them.
  webServer: [
    {
      command: `node tests/support/static-server.mjs ${PORT} build`,
      cwd: '../..',
      url: `http://127.0.0.1:${PORT}`,
      reuseExistingServer: !process.env.CI,
      timeout: 60_000,
    },
    {
      command: `node tests/support/static-server.mjs ${ALGOLIA_PORT} build-algolia`,
      cwd: '../..',
      url: `http://127.0.0.1:${ALGOLIA_PORT}`,
      reuseExistingServer: !process.env.CI,
      timeout: 60_000,
    },
  ],
});
