import { afterEach, describe, expect, it, vi } from 'vitest';
import { FAILED_LATENCY_MS, measureLatency } from './measure-latency';

afterEach(() => vi.unstubAllGlobals());

describe('measureLatency', () => {
  it('times the line on the port this page is served on', async () => {
    // jsdom serves the tests at http://localhost:3000/.
    const fetch = vi.fn().mockResolvedValue(new Response(null));
    vi.stubGlobal('fetch', fetch);
    const ms = await measureLatency('line2.lanna.example', '/healthz');
    expect(fetch).toHaveBeenCalledWith(
      'http://line2.lanna.example:3000/healthz',
      expect.anything(),
    );
    expect(ms).toBeLessThan(FAILED_LATENCY_MS);
  });

  it('counts a line that does not answer as failed', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    expect(await measureLatency('gone.lanna.example', '/healthz')).toBe(FAILED_LATENCY_MS);
  });
});
