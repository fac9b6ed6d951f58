// What the pages say about @nomic-ai/atlas 0.12.0's Embedder, checked by running it with fetch stubbed:
// a batch answered 429 is sent again at the next flush, without waiting, however often it fails.
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
