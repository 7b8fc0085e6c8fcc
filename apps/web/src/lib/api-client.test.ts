import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, setCookies, stubFetch } from '../test/fetch';
import { api, ApiError, configureApiClient, isSilentPath, requestActivity, serverFieldError } from './api-client';

beforeEach(() => setCookies());
afterEach(() => {
  configureApiClient({});
  vi.useRealTimers();
});

describe('requests', () => {
  it('calls /api with same-origin credentials, JSON, and echoes the XSRF cookie in its header', async () => {
    setCookies('XSRF-TOKEN=tok%2Fen', 'vauth=true');
    const { calls } = stubFetch({ '/things': jsonResponse({ data: { id: 1 } }) });

    await expect(api.post('/things', { name: 'a' }, { query: { page: 2, skip: undefined } })).resolves.toEqual({ id: 1 });

    const [{ url, init }] = calls as [(typeof calls)[0]];
    expect(url).toBe('/api/things?page=2');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('same-origin');
    const headers = new Headers(init.headers);
    expect(headers.get('x-xsrf-token')).toBe('tok/en');
    expect(headers.get('content-type')).toBe('application/json');
    expect(init.body).toBe('{"name":"a"}');
  });

  it('sends the XSRF header on GETs too, and resolves with the answer data', async () => {
    setCookies('XSRF-TOKEN=abc');
    const { calls } = stubFetch({ '/things': jsonResponse({ data: [1, 2] }) });
    await expect(api.get('/things')).resolves.toEqual([1, 2]);
    expect(new Headers(calls[0]!.init.headers).get('x-xsrf-token')).toBe('abc');
  });

  it('resolves undefined on an empty answer', async () => {
    stubFetch({ '/things': new Response(null, { status: 204 }) });
    await expect(api.delete('/things')).resolves.toBeUndefined();
  });
});

describe('errors', () => {
  it('rejects with a typed ApiError carrying code, status and the French message', async () => {
    stubFetch({ '/x': jsonResponse({ error: { code: 'RATE_LIMITED', message: 'Too many' } }, 429) });
    const error = await api.get('/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 'RATE_LIMITED', status: 429, message: 'Trop de tentatives. Veuillez réessayer plus tard.' });
  });

  it('a refused input keeps the rule it broke and names its fields', async () => {
    const message = "Le champ 'Email secondaire' ne peut pas contenir la même adresse que le champ 'Email'";
    stubFetch({ '/x': jsonResponse({ error: { code: 'VALIDATION_FAILED', message }, fields: { secondaryEmail: message, 'address.zipCode': 42 } }, 400) });
    const error = (await api.put('/x', {}).catch((e: unknown) => e)) as ApiError;
    expect(error).toMatchObject({ code: 'VALIDATION_FAILED', message });
    expect(error.fieldErrors).toEqual({ secondaryEmail: message });
    expect(serverFieldError(error, 'secondaryEmail')).toBe(message);
    expect(serverFieldError(new Error('x'), 'secondaryEmail')).toBeUndefined();
  });

  it('maps an unknown code or an unreadable body to INTERNAL', async () => {
    stubFetch({ '/x': new Response('<html>', { status: 500 }) });
    await expect(api.get('/x')).rejects.toMatchObject({ code: 'INTERNAL', status: 500 });
  });

  it('rejects with NETWORK when no answer comes', async () => {
    stubFetch({ '/x': 'network' });
    await expect(api.get('/x')).rejects.toMatchObject({ code: 'NETWORK', status: 0 });
  });

  it('rejects with TIMEOUT when the timeout elapses, and only then', async () => {
    vi.useFakeTimers();
    stubFetch({ '/slow': 'hang' });
    const pending = api.get('/slow', { timeoutMs: 10_000 }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(9_999);
    let settled = false;
    void pending.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = (await pending) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.code).toBe('TIMEOUT');
    expect(error.isTimeout).toBe(true);
  });

  it('passes a caller abort through as is (query cancellation)', async () => {
    stubFetch({ '/slow': 'hang' });
    const controller = new AbortController();
    const pending = api.get('/slow', { signal: controller.signal });
    controller.abort(new DOMException('cancelled', 'AbortError'));
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('503 → maintenance', () => {
  it('calls the maintenance handler with the public reason', async () => {
    const onMaintenance = vi.fn();
    configureApiClient({ onMaintenance });
    stubFetch({ '/x': jsonResponse({ error: { code: 'MAINTENANCE', message: 'm' }, maintenance_public_reason: 'Mise à jour' }, 503) });
    await expect(api.get('/x')).rejects.toMatchObject({ code: 'MAINTENANCE', status: 503, maintenanceReason: 'Mise à jour' });
    expect(onMaintenance).toHaveBeenCalledWith('Mise à jour');
  });

  it('leaves it to callers that handle it themselves (heartbeat, init)', async () => {
    const onMaintenance = vi.fn();
    configureApiClient({ onMaintenance });
    stubFetch({ '/heartbeat': jsonResponse({ error: { code: 'MAINTENANCE', message: 'm' } }, 503) });
    await expect(api.get('/heartbeat', { handlesMaintenance: true })).rejects.toMatchObject({ status: 503 });
    expect(onMaintenance).not.toHaveBeenCalled();
  });
});

describe('loading indicators', () => {
  it('counts GETs as reads and POST/PUT/PATCH as writes while they run', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    stubFetch({ '/x': async () => (await gate, jsonResponse({ data: null })) });
    const seen: { reads: number; writes: number }[] = [];
    const unsubscribe = requestActivity.subscribe(() => seen.push(requestActivity.get()));

    const calls = [api.get('/x'), api.post('/x'), api.put('/x'), api.patch('/x'), api.delete('/x')];
    expect(requestActivity.get()).toEqual({ reads: 1, writes: 3 });
    release();
    await Promise.all(calls);
    expect(requestActivity.get()).toEqual({ reads: 0, writes: 0 });
    expect(seen.length).toBe(8);
    unsubscribe();
  });

  it('exempts login, MFA, debug, heartbeat and init calls, and silent ones', async () => {
    for (const path of [
      '/init',
      '/heartbeat',
      '/debug/session',
      '/auth/login',
      '/auth/login/forgot-password',
      '/auth/validate-mfa',
      '/auth/regenerate-mfa',
      '/auth/select-email',
    ]) {
      expect(isSilentPath(path)).toBe(true);
    }
    for (const path of ['/auth/logout', '/all-info', '/requests/message', '/initiatives']) expect(isSilentPath(path)).toBe(false);

    stubFetch({ '/auth/login': jsonResponse({ data: null }), '/x': jsonResponse({ data: null }) });
    const login = api.post('/auth/login', {});
    const silent = api.get('/x', { silent: true });
    expect(requestActivity.get()).toEqual({ reads: 0, writes: 0 });
    await Promise.all([login, silent]);
  });
});
