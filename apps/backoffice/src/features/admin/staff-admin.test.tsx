import type { TStaffProfile } from '@mutua/contracts/backoffice';
import type { TAdminStaff } from '@mutua/contracts/backoffice-admin';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderBo, stubApi } from '../../test/render';
import { StaffAdmin } from './staff-admin';

const me = { id: 'admin-1', displayName: 'Alice Admin', role: 'administrator', tenants: [{ id: 'azur', name: 'Azur Prévoyance' }] } as unknown as TStaffProfile;
const blocked: TAdminStaff = {
  id: '7d0c1f5e-2b3a-4c5d-8e9f-0a1b2c3d4e5f',
  email: 'paul@azur.example',
  displayName: 'Paul Agent',
  role: 'agent',
  tenants: ['azur'],
  active: true,
  enrolled: true,
  blocked: true,
};

describe('the staff administration', () => {
  it('unblocks an account through its own endpoint and says so', async () => {
    const calls = stubApi((method) => ({ body: { data: method === 'GET' ? [blocked] : null } }));
    const user = userEvent.setup();
    renderBo(<StaffAdmin me={me} />);
    await user.click(await screen.findByRole('button', { name: 'Débloquer Paul Agent' }, { timeout: 10_000 }));
    expect((await screen.findByRole('status')).textContent).toBe('Compte mis à jour\u00a0: ses sessions en cours sont fermées si besoin.');
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([{ method: 'POST', path: `/admin/staff/${blocked.id}/unblock`, body: {} }]);
  });

  it('shows the server’s French refusal of a deactivation, and no confirmation', async () => {
    stubApi((method) =>
      method === 'GET'
        ? { body: { data: [blocked] } }
        : { status: 403, body: { error: { code: 'FORBIDDEN', message: 'Vous n’avez pas accès à cette action.' } } },
    );
    const user = userEvent.setup();
    renderBo(<StaffAdmin me={me} />);
    await user.click(await screen.findByRole('button', { name: 'Désactiver Paul Agent' }, { timeout: 10_000 }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Vous n’avez pas accès à cette action.');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
