// What the pages say about @nomic-ai/atlas 0.12.0's Embedder, checked by running it with fetch stubbed:
// a batch answered 429 is sent again at the next flush, without waiting, and the sixth 429 or 50x of the
// embedder's life disables it, however many batches succeeded in between (rate-limits.mdx, the v1 spec).
import {afterEach, describe, expect, it, vi} from 'vitest';
import {Embedder} from '@nomic-ai/atlas';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the TypeScript Embedder on a 429', () => {
  it('re-sends the batch on its next flush, 510 ms after the first call, with no backoff delay', async () => {
    vi.useFakeTimers();
    const sent: number[] = [];
    let calls = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        sent.push(Date.now());
        calls += 1;
        if (calls === 1) return new Response('rate limited', {status: 429});
        return Response.json({embeddings: [[0.5, 0.5]], usage: {total_tokens: 1}});
      }),
    );
    const embedder = new Embedder('nk-test', {});
    const started = Date.now();
    const result = embedder.embed('hello');
    await vi.advanceTimersByTimeAsync(510);
    await expect(result).resolves.toEqual([0.5, 0.5]);
    expect(sent.map((t) => t - started)).toEqual([0, 510]);
    // The counter it doubles is never read: it holds a delay the embedder did not wait.
    expect((embedder as unknown as {backoff: number}).backoff).toBe(1000);
  });
});

describe('the TypeScript Embedder counting failures', () => {
  it('disables itself on the sixth 429 or 50x even when every failure was followed by a success', async () => {
    vi.useFakeTimers();
    // Each batch fails once (429 and 503 in turn) and succeeds when it is sent again at the next flush.
    let calls = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        calls += 1;
        if (calls % 2 === 1) return new Response('busy', {status: calls % 4 === 1 ? 429 : 503});
        return Response.json({embeddings: [[0.5, 0.5]], usage: {total_tokens: 1}});
      }),
    );
    const embedder = new Embedder('nk-test', {});
    const round = async (text: string) => {
      const result = embedder.embed(text);
      await vi.advanceTimersByTimeAsync(510);
      return result;
    };
    for (let i = 1; i <= 5; i++) await expect(round(`text ${i}`)).resolves.toEqual([0.5, 0.5]);
    // The sixth failure: this batch is still embedded at the next flush, but the embedder is now disabled.
    await expect(round('text 6')).resolves.toEqual([0.5, 0.5]);
    expect(calls).toBe(12);
    // Had a success reset the count, this call would be sent, fail once, and be embedded at the next flush.
    const seventh = embedder.embed('text 7').then(
      () => 'embedded',
      (error: Error) => error.message,
    );
    await vi.advanceTimersByTimeAsync(510);
    await expect(seventh).resolves.toMatch(/Too many requests have failed, disabling embedder/);
    expect(calls).toBe(12);
  });
});
