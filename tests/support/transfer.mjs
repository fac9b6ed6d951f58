// What a page transfers over the network while it loads (or while an action
// runs), measured by Chromium itself: compressed bytes, JavaScript apart, and
// link prefetches apart (Docusaurus prefetches pages for links in view; they
// are speculative and timing-dependent, and Chromium sends only them at the
// lowest priority). Used by the size budgets (tests/e2e/budgets.spec.ts) and
// the weight benchmark (bench/weight.mjs).

/**
 * Starts counting on a page; `stop()` returns the totals of the requests made
 * since, and `settled()` resolves once none of them but prefetches is in flight.
 */
export async function countTransfer(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const priority = new Map();
  const type = new Map();
  const pending = new Set();
  let onSettled = () => {};
  const totals = {bytes: 0, js: 0, requests: 0, prefetchBytes: 0, prefetchRequests: 0};
  const done = (requestId) => {
    pending.delete(requestId);
    if (!pending.size) onSettled();
  };
  cdp.on('Network.requestWillBeSent', (e) => {
    priority.set(e.requestId, e.request.initialPriority);
    if (e.request.initialPriority !== 'VeryLow') pending.add(e.requestId);
  });
  cdp.on('Network.responseReceived', (e) => type.set(e.requestId, e.type));
  cdp.on('Network.loadingFailed', (e) => done(e.requestId));
  cdp.on('Network.loadingFinished', (e) => {
    done(e.requestId);
    // A request made before counting began belongs to what came before.
    if (!priority.has(e.requestId)) return;
    if (priority.get(e.requestId) === 'VeryLow') {
      totals.prefetchBytes += e.encodedDataLength;
      totals.prefetchRequests += 1;
      return;
    }
    totals.bytes += e.encodedDataLength;
    totals.requests += 1;
    if (type.get(e.requestId) === 'Script') totals.js += e.encodedDataLength;
  });
  return {
    settled() {
      return pending.size ? new Promise((resolve) => (onSettled = resolve)) : Promise.resolve();
    },
    async stop() {
      await cdp.detach();
      return {...totals};
    },
  };
}

/**
 * Loads `url` in `page` and waits until its own loading is over: it has
 * hydrated (its entry scripts start after the first paint) and what it asked
 * for meanwhile has arrived. Returns what it transferred.
 */
export async function loadPage(page, url) {
  const counter = await countTransfer(page);
  await page.goto(url);
  await page.locator('html[data-has-hydrated="true"], html:not(:has(#__docusaurus))').waitFor({state: 'attached'});
  await counter.settled();
  return counter.stop();
}

/**
 * A cold first load of `url` in a fresh context of `browser`; `prepare` runs
 * on the page first (e.g. to answer third-party hosts locally).
 */
export async function transfer(browser, url, {prepare = async () => {}} = {}) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await prepare(page);
  const totals = await loadPage(page, url);
  await context.close();
  return totals;
}
