import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAt } from '../../../test/render';
import { stubFetch } from '../../../test/fetch';
import { globalDetails } from '../../../test/global-details';
import { Component as RefundsPage } from './refunds';

const MESSAGE = 'Le service est très sollicité, nouvel essai dans quelques secondes.';
const shed = () =>
  new Response(JSON.stringify({ error: { code: 'OVERLOADED', message: MESSAGE } }), {
    status: 503,
    headers: { 'Content-Type': 'application/json', 'Retry-After': '1' },
  });

describe('the server sheds (503 OVERLOADED): what the member reads', () => {
  it('a list whose read stays shed after its one retry says « Le service est très sollicité… »', async () => {
    const { calls } = stubFetch({ '/refunds': shed });
    renderAt(<RefundsPage />, { path: '/refunds', url: '/refunds', details: globalDetails() });
    expect(await screen.findByText(MESSAGE, {}, { timeout: 5_000 })).toBeInTheDocument();
    expect(calls.filter((c) => c.url.startsWith('/api/refunds'))).toHaveLength(2);
  });
});
