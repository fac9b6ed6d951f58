import {defineConfig, devices} from '@playwright/test';
import {CHROMIUM_ARGS, CHROMIUM_PATH} from '../support/chromium.mjs';

const PORT = Number(process.env.E2E_PORT ?? 3210);
const HOSTED_PORT = PORT + 1;
const KAPA_PORT = PORT + 2;
// The docs' MCP server over Streamable HTTP (mcp.spec.ts), which the hosted build's nginx proxies at /mcp.
const MCP_PORT = PORT + 3;
// Specs that need a build with hosted services configured.
const HOSTED = /(algolia|ask-ai-endpoint|analytics-mixpanel|mcp)\.spec\.ts/;
const KAPA = /(ask-ai-kapa|analytics-gtag|preview)\.spec\.ts/;
// Specs that time the main thread's tasks: they run after all others, one at a time, on an idle machine.
const ALONE = /main-thread\.spec\.ts/;

const browser = {
  ...devices['Desktop Chrome'],
  launchOptions: {executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS},
  // A failed test keeps its trace (actions, console, network) and a screenshot.
  // DOM snapshots at every action are left out: recording them for every
  // test, passed or not, made the browser tests about a tenth slower.
  trace: {mode: 'retain-on-failure' as const, snapshots: false, screenshots: false},
  screenshot: 'only-on-failure' as const,
  navigationTimeout: 60_000,
};

export default defineConfig({
  testDir: '.',
  fullyParallel: true,
  // Tests wait for events (a hydrated page, a response, a rendered hit), never
  // for a fixed time; these limits only say when to give up, and are generous
  // because a busy two-core machine may take seconds to draw what is coming.
  timeout: 90_000,
  expect: {timeout: 20_000},
  workers: process.env.CI ? 2 : undefined,
  forbidOnly: !!process.env.CI,
  retries: 0,
  reporter: process.env.CI
    ? [['list']]
    : [['list'], ['html', {open: 'never', outputFolder: '../../playwright-report'}]],
  outputDir: '../../test-results',
  projects: [
    {
      // The production build with its defaults: local search, Ask AI from the docs, no hosted services.
      name: 'site',
      testIgnore: [HOSTED, KAPA, ALONE],
      use: {...browser, baseURL: `http://127.0.0.1:${PORT}`},
    },
    {
      // The build made with ALGOLIA_*, ASK_AI_ENDPOINT and MIXPANEL_TOKEN set (tests/run-all.sh).
      name: 'hosted',
      testMatch: HOSTED,
      use: {...browser, baseURL: `http://127.0.0.1:${HOSTED_PORT}`},
    },
    {
      // The build made with KAPA_* and GTAG_ID set.
      name: 'kapa',
      testMatch: KAPA,
      use: {...browser, baseURL: `http://127.0.0.1:${KAPA_PORT}`},
    },
    {
      // The default build again, once every other test has finished: another browser busy beside it
      // would lengthen its tasks.
      name: 'alone',
      testMatch: ALONE,
      dependencies: ['site', 'hosted', 'kapa'],
      workers: 1,
      use: {...browser, baseURL: `http://127.0.0.1:${PORT}`},
    },
  ],
  // Production builds, each served by Debian's nginx with the shipped
  // configuration (deploy/nginx.conf), as the README recommends hosting them.
  webServer: [
    {
      command: `node tests/support/nginx.mjs ${PORT} build`,
      cwd: '../..',
      // /mcp's upstream: a port no MCP server listens on (unless one is chosen), so static-host.spec.ts
      // sees the 503 nginx answers without it even where someone runs one on the real port (3920).
      env: {MCP_UPSTREAM_PORT: process.env.MCP_UPSTREAM_PORT ?? '1'},
      url: `http://127.0.0.1:${PORT}`,
      reuseExistingServer: !process.env.CI,
      timeout: 60_000,
    },
    {
      command: `node tests/support/nginx.mjs ${HOSTED_PORT} build-hosted`,
      cwd: '../..',
      env: {MCP_UPSTREAM_PORT: String(MCP_PORT)},
      url: `http://127.0.0.1:${HOSTED_PORT}`,
      reuseExistingServer: !process.env.CI,
      timeout: 60_000,
    },
    {
      command: `node tests/support/nginx.mjs ${KAPA_PORT} build-kapa`,
      cwd: '../..',
      url: `http://127.0.0.1:${KAPA_PORT}`,
      reuseExistingServer: !process.env.CI,
      timeout: 60_000,
    },
    {
      // The MCP server over the default build, as a team would host it beside the site.
      command: `node bin/atlas-docs-mcp.mjs build --http ${MCP_PORT}`,
      cwd: '../..',
      port: MCP_PORT,
      reuseExistingServer: !process.env.CI,
      timeout: 60_000,
    },
  ],
});
