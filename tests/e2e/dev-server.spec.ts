import {spawn, type ChildProcess} from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import {ROOT, expect, test} from './fixtures';

// `npm start`: the dev server compiles a page's code when a browser first asks
// for it (src/plugins/dev-lazy-compilation), and serves pages before the search
// index is ready (src/search/build): its start does not grow with the pages.
// Pages must still open, links between them work, and search once it is built.

const PORT = Number(process.env.E2E_PORT ?? 3210) + 9;
const ORIGIN = `http://127.0.0.1:${PORT}`;
// The dev server answers once its first compile is done; on a busy two-core machine that takes a while.
const FIRST_ANSWER_MS = 5 * 60_000;
// Rspack's lazy-compilation client asks the dev server for the modules a page imports.
const LAZY_REQUEST = /\/lazy-compilation-using-/;

// Rspack's persistent cache would hand back pages an earlier start compiled; the test starts cold, as a fresh clone does.
let server: ChildProcess | undefined;
let indexReady: Promise<void>;

test.describe.configure({mode: 'serial', timeout: FIRST_ANSWER_MS + 60_000});

test.beforeAll(async () => {
  server = spawn(
    path.join(ROOT, 'node_modules/.bin/docusaurus'),
    ['start', '--port', String(PORT), '--host', '127.0.0.1', '--no-open'],
    {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
      detached: true,
      env: {...process.env, BROWSER: 'none', DOCUSAURUS_NO_PERSISTENT_CACHE: 'true'},
    },
  );
  const lines = readline.createInterface({input: server.stdout!});
  const printed = (text: string) =>
    new Promise<void>((resolve, reject) => {
      server!.once('exit', (code) => reject(new Error(`docusaurus start exited with ${code} before "${text}"`)));
      lines.on('line', (line) => line.includes(text) && resolve());
    });
  indexReady = printed('[search] index ready');
  indexReady.catch(() => {});
  // The server listens soon after Docusaurus prints its URL, and answers once its first compile is done.
  await printed('website is running at');
  await expect
    .poll(
      () =>
        fetch(ORIGIN).then(
          (response) => response.status,
          () => 0,
        ),
      {timeout: FIRST_ANSWER_MS},
    )
    .toBe(200);
});

test.afterAll(() => {
  if (server?.pid && server.exitCode === null) process.kill(-server.pid, 'SIGTERM');
});

test.use({baseURL: ORIGIN});

test('a page compiles when first opened, and a link to another page compiles and shows it', async ({
  page,
  consoleErrors,
}) => {
  const lazy: string[] = [];
  page.on('request', (request) => {
    if (LAZY_REQUEST.test(request.url())) lazy.push(request.url());
  });
  await page.goto('/platform/account/dashboard', {timeout: FIRST_ANSWER_MS});
  await expect(page.getByRole('heading', {level: 1})).toHaveText('Dashboard', {timeout: 120_000});
  expect(lazy.length).toBeGreaterThan(0);

  const before = lazy.length;
  await page.getByRole('main').locator('a[href="/reference/api/get-api-keys"]').first().click();
  await expect(page.getByRole('heading', {level: 1})).toHaveText('Get API keys', {timeout: 120_000});
  expect(lazy.length).toBeGreaterThan(before);
  // Webpack's dev server reports failed compiles and runtime errors in the console.
  expect(consoleErrors).toEqual([]);
});

test('search finds pages once the index the dev server builds after starting is ready', async ({page}) => {
  await indexReady;
  await page.goto('/platform/quick-start', {timeout: FIRST_ANSWER_MS});
  await expect(page.locator('html')).toHaveAttribute('data-has-hydrated', 'true', {timeout: 120_000});
  await page.keyboard.press('Control+k');
  await page.locator('.DocSearch-Input').fill('dashboard');
  await expect(page.locator('.DocSearch-Hit').first()).toBeVisible({timeout: 120_000});
});
