import { afterEach, describe, expect, it, vi } from 'vitest';
import { TenantReferenceCache, memberContext } from '../src/core/global-details';
import type { MemberContext } from '../src/core/module';

afterEach(() => vi.useRealTimers());

describe('TenantReferenceCache (reference data of /all-info shared for a second)', () => {
  it('loads once per tenant and key within the second, again after it', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-23T10:00:00Z'));
    const cache = new TenantReferenceCache(1_000);
    const load = vi.fn(async () => ['catalogue']);
    expect(await cache.get('mutua', 'healthCare', load)).toEqual(['catalogue']);
    expect(await cache.get('mutua', 'healthCare', load)).toEqual(['catalogue']);
    expect(load).toHaveBeenCalledTimes(1);
    await cache.get('other', 'healthCare', load);
    await cache.get('mutua', 'faqCategories', load);
    expect(load).toHaveBeenCalledTimes(3);
    vi.setSystemTime(new Date('2026-11-23T10:00:01.001Z'));
    await cache.get('mutua', 'healthCare', load);
    expect(load).toHaveBeenCalledTimes(4);
  });

  it('does not keep a failed load', async () => {
    const cache = new TenantReferenceCache(60_000);
    const failing = vi.fn(async () => {
      throw new Error('database down');
    });
    await expect(cache.get('mutua', 'faqCategories', failing)).rejects.toThrow('database down');
    const ok = vi.fn(async () => ['faq']);
    expect(await cache.get('mutua', 'faqCategories', ok)).toEqual(['faq']);
    expect(ok).toHaveBeenCalledTimes(1);
  });

  it('memberContext: perTenant goes through the cache given, and only shares within the request without one', async () => {
    const input = { tenant: { id: 'mutua' } } as unknown as Omit<MemberContext, 'once' | 'perTenant'>;
    const load = vi.fn(async () => 42);
    const cache = new TenantReferenceCache(60_000);
    await memberContext(input, cache).perTenant('k', load);
    await memberContext(input, cache).perTenant('k', load);
    expect(load).toHaveBeenCalledTimes(1);
    const alone = memberContext(input);
    await alone.perTenant('k', load);
    await alone.perTenant('k', load);
    await memberContext(input).perTenant('k', load);
    expect(load).toHaveBeenCalledTimes(3);
  });
});
