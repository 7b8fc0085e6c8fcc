import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../test/fetch';
import { api } from './api-client';
import { resetPageAnswers, takePageAnswer, takePageAnswers } from './page-answers';

function pageWith(answers: unknown): void {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = 'mutua-answers';
  element.textContent = typeof answers === 'string' ? answers : JSON.stringify(answers);
  document.body.append(element);
}

beforeEach(() => {
  resetPageAnswers();
  // The page opened a second ago (the runner's clock counts from its own start, not the page's).
  vi.spyOn(performance, 'now').mockReturnValue(1_000);
});
afterEach(() => {
  document.getElementById('mutua-answers')?.remove();
  vi.restoreAllMocks();
});

describe('the answers the page brought', () => {
  it('serve the first call of their path, once; the element leaves the document', () => {
    pageWith({ '/init': { data: 1 }, '/heartbeat': { data: 2 } });
    expect(takePageAnswer('/init')).toEqual({ body: { data: 1 } });
    expect(document.getElementById('mutua-answers')).toBeNull();
    expect(takePageAnswer('/init')).toBeUndefined();
    expect(takePageAnswer('/all-info')).toBeUndefined();
    expect(takePageAnswer('/heartbeat')).toEqual({ body: { data: 2 } });
  });

  it('are dropped after start-up: a page opened long ago asks afresh', () => {
    pageWith({ '/init': { data: 1 } });
    vi.spyOn(performance, 'now').mockReturnValue(60_000);
    expect(takePageAnswer('/init')).toBeUndefined();
  });

  it('of a painted page are all taken whatever their age (the page shows them)', () => {
    pageWith({ '/init': { data: 1 }, '/all-info': { data: 3 } });
    vi.spyOn(performance, 'now').mockReturnValue(60_000);
    expect(takePageAnswers(['/init', '/all-info', '/consent'])).toEqual({ '/init': { data: 1 }, '/all-info': { data: 3 } });
    expect(takePageAnswer('/init')).toBeUndefined();
  });

  it('unreadable, or absent (a development server), are none', () => {
    pageWith('{not json');
    expect(takePageAnswer('/init')).toBeUndefined();
    resetPageAnswers();
    expect(takePageAnswer('/init')).toBeUndefined();
  });
});

describe('the request layer', () => {
  it('answers a start-up GET from the page, without a call; the next one asks the API', async () => {
    pageWith({ '/all-info': { data: { from: 'page' } } });
    const { calls } = stubFetch({ '/all-info': new Response(JSON.stringify({ data: { from: 'api' } })) });
    expect(await api.get('/all-info')).toEqual({ from: 'page' });
    expect(calls).toHaveLength(0);
    expect(await api.get('/all-info')).toEqual({ from: 'api' });
    expect(calls).toHaveLength(1);
  });

  it('never answers from the page a GET with a query, nor a write', async () => {
    pageWith({ '/all-info': { data: { from: 'page' } } });
    const { calls } = stubFetch({ '/all-info': new Response(JSON.stringify({ data: { from: 'api' } })) });
    expect(await api.get('/all-info', { query: { actionKey: 'refunds' } })).toEqual({ from: 'api' });
    await api.post('/all-info', {});
    expect(calls.map((c) => c.init.method)).toEqual(['GET', 'POST']);
    expect(await api.get('/all-info')).toEqual({ from: 'page' });
  });
});
