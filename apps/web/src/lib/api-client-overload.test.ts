import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../test/fetch';
import { api, ApiError, configureApiClient, overloadRetryDelayMs } from './api-client';

const MESSAGE = 'Le service est très sollicité, nouvel essai dans quelques secondes.';
const shed = (retryAfter = '3') =>
  new Response(JSON.stringify({ error: { code: 'OVERLOADED', message: MESSAGE } }), {
    status: 503,
    headers: { 'Content-Type': 'application/json', 'Retry-After': retryAfter },
  });

afterEach(() => {
  configureApiClient({});
  vi.useRealTimers();
});

describe('503 OVERLOADED: the server shed the call before doing anything', () => {
  it('a read is tried again once, after the Retry-After delay (never before), and its answer is taken', async () => {
    vi.useFakeTimers();
    const answers = [shed('3'), jsonResponse({ data: { ok: true } })];
    const { calls } = stubFetch({ '/x': () => answers.shift()! });
    const pending = api.get('/x');
    await vi.advanceTimersByTimeAsync(2_999);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1_001);
    await expect(pending).resolves.toEqual({ ok: true });
    expect(calls).toHaveLength(2);
  });

  it('shed again: rejects with OVERLOADED and its French message, never the maintenance page', async () => {
    vi.useFakeTimers();
    const onMaintenance = vi.fn();
    configureApiClient({ onMaintenance });
    const { calls } = stubFetch({ '/x': () => shed('1') });
    const pending = api.get('/x').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(2_000);
    const error = (await pending) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'OVERLOADED', status: 503, message: MESSAGE });
    expect(calls).toHaveLength(2);
    expect(onMaintenance).not.toHaveBeenCalled();
  });

  it('a write without its idempotency key is never sent twice', async () => {
    const { calls } = stubFetch({ '/requests/message': () => shed('1') });
    await expect(api.post('/requests/message', { title: 'x' })).rejects.toMatchObject({ code: 'OVERLOADED', message: MESSAGE });
    expect(calls).toHaveLength(1);
  });

  it('a write with its idempotency key is tried again once, with the same key', async () => {
    vi.useFakeTimers();
    const answers = [shed('1'), jsonResponse({ data: { id: 'r1' } })];
    const { calls } = stubFetch({ '/requests/message': () => answers.shift()! });
    const pending = api.post('/requests/message', { title: 'x' }, { idempotencyKey: 'form-key-123' });
    await vi.advanceTimersByTimeAsync(2_000);
    await expect(pending).resolves.toEqual({ id: 'r1' });
    expect(calls.map((c) => new Headers(c.init.headers).get('idempotency-key'))).toEqual(['form-key-123', 'form-key-123']);
  });

  it('waits what Retry-After says, 2 s when unreadable, 10 s at most, plus up to a second', () => {
    expect(overloadRetryDelayMs('3', 0)).toBe(3_000);
    expect(overloadRetryDelayMs(null, 0.5)).toBe(2_500);
    expect(overloadRetryDelayMs('600', 0)).toBe(10_000);
    expect(overloadRetryDelayMs('nonsense', 0.999)).toBe(2_999);
  });
});
