import { describe, expect, it, vi } from 'vitest';
import { cacheSize, cached, catalogueChanged } from './cache.server.ts';

describe('SPEC §4 catalogue cache', () => {
  it('answers a repeated request from the cache', async () => {
    const load = vi.fn(async () => 'page');
    await cached('pin:560102|cat:7', load);
    await cached('pin:560102|cat:7', load);
    expect(load).toHaveBeenCalledTimes(1);
  });
  it('keeps entries apart by key (pincode, provider, text, category)', async () => {
    const load = vi.fn(async () => 'x');
    await cached('pin:560102|q:atta', load);
    await cached('pin:110005|q:atta', load);
    expect(load).toHaveBeenCalledTimes(2);
  });
  it('drops everything once the catalogue changes', async () => {
    const load = vi.fn(async () => 'x');
    await cached('pin:1|cat:1', load);
    catalogueChanged();
    await cached('pin:1|cat:1', load);
    expect(load).toHaveBeenCalledTimes(2);
  });
  it('expires an entry after a minute', async () => {
    const load = vi.fn(async () => 'x');
    const t = 1_000_000_000;
    await cached('pin:2|cat:2', load, t);
    await cached('pin:2|cat:2', load, t + 59_999);
    await cached('pin:2|cat:2', load, t + 60_000);
    expect(load).toHaveBeenCalledTimes(2);
  });
  it('does not keep a failed load', async () => {
    const failing = vi.fn(async () => {
      throw new Error('db down');
    });
    await expect(cached('pin:3', failing)).rejects.toThrow('db down');
    const ok = vi.fn(async () => 'x');
    await expect(cached('pin:3', ok)).resolves.toBe('x');
  });
});

describe('SPEC §4 catalogue cache bounds (issue 14)', () => {
  it('keeps what its answers weigh under 8 MB however many large answers arrive, newest kept', async () => {
    catalogueChanged();
    const page = 'x'.repeat(100_000);
    for (let n = 0; n < 200; n++) await cached(`big:${n}`, async () => page);
    const { entries, bytes } = cacheSize();
    expect(bytes).toBeLessThanOrEqual(8 * 1024 * 1024);
    expect(entries).toBeGreaterThan(50);
    const load = vi.fn(async () => page);
    await cached('big:199', load);
    expect(load, 'the newest answer is still kept').not.toHaveBeenCalled();
    await cached('big:0', load);
    expect(load, 'the oldest was let go').toHaveBeenCalledTimes(1);
  });
  it('keeps at most 1,000 answers', async () => {
    catalogueChanged();
    for (let n = 0; n < 1500; n++) await cached(`small:${n}`, async () => n);
    expect(cacheSize().entries).toBeLessThanOrEqual(1000);
  });
});
