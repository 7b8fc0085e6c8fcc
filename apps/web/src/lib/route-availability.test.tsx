import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAt } from '../test/render';
import { isRouteServed, useRouteServed } from './route-availability';

function Probe() {
  return (
    <ul>
      <li>refunds:{String(useRouteServed('refunds'))}</li>
      <li>docSharing:{String(useRouteServed('docSharing'))}</li>
      <li>getRefund:{String(useRouteServed('getRefund'))}</li>
    </ul>
  );
}

describe('route availability', () => {
  it('a route is served when the router has it under its id (optional parameters left out)', async () => {
    renderAt(<Probe />, { served: ['refunds', 'docSharing'] });
    expect(await screen.findByText('refunds:true')).toBeInTheDocument();
    expect(screen.getByText('docSharing:true')).toBeInTheDocument();
    expect(screen.getByText('getRefund:false')).toBeInTheDocument();
  });

  it('the catch-all route never makes a route served', () => {
    expect(isRouteServed([{ id: 'notFound', path: '*' }], 'getRefund')).toBe(false);
    expect(isRouteServed([{ id: 'root', path: '/', children: [{ id: 'getRefund', path: 'get-refund' }] }], 'getRefund')).toBe(true);
  });
});
