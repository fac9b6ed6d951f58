// What a page transfers over the network while it loads (or while an action
// runs), measured by Chromium itself: compressed bytes, JavaScript apart, and
// link prefetches apart (Docusaurus prefetches pages for links in view; they
// are speculative and timing-dependent, and Chromium sends only them at the
// lowest priority). Used by the size budgets (tests/e2e/budgets.spec.ts) and
// the weight benchmark (bench/weight.mjs).

/** Starts counting on a page; `stop()` returns the totals since. */
export async function countTransfer(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const priority = new Map();
  const type = new Map();
  const totals = {bytes: 0, js: 0, requests: 0, prefetchBytes: 0, prefetchRequests: 0};
  cdp.on('Network.requestWillBeSent', (e) => priority.set(e.requestId, e.request.initialPriority));
  cdp.on('Network.responseReceived', (e) => type.set(e.requestId, e.type));
  cdp.on('Network.loadingFinished', (e) => {
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
    async stop() {
      await cdp.detach();
      return {...totals};
    },
  };
}

/**
 * A cold first load of `url` in a fresh context of `browser`; `prepare` runs
 * on the page first (e.g. to answer third-party hosts locally).
 */
export async function transfer(browser, url, {prepare = async () => {}} = {}) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await prepare(page);
  const counter = await countTransfer(page);
  await page.goto(url, {waitUntil: 'networkidle'});
  await page.waitForTimeout(500);
  const totals = await counter.stop();
  await context.close();
  return totals;
}
