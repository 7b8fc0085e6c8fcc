import type { TSchoolingCampaign } from '@mutua/contracts/campaigns';
import type { TPortability } from '@mutua/contracts/portability';
import { describe, expect, it } from 'vitest';
import { globalDetails } from '../test/global-details';
import { portabilityPopupDue, schoolingPopupDue } from './popups';

const portability: TPortability = { case: 'STARTING', start: '2026-11-01', end: '2027-10-31', months: 12, month: '2026-11' };
const schooling: TSchoolingCampaign = { notificationId: 'n1', campaignYear: 2026, deadline: '2026-11-15', overdue: true, children: [], popup: true };
const open = { schooling: null, portability: null };

describe('popup order (lib/popups.ts): never two at once', () => {
  it('the portability popup opens when due and nothing comes before it', () => {
    expect(portabilityPopupDue(globalDetails({ portability }), open)).toBe(true);
    expect(portabilityPopupDue(globalDetails({ portability: null }), open)).toBe(false);
  });

  it('waits for the password renewal, the tutorial and the schooling campaign', () => {
    expect(portabilityPopupDue(globalDetails({ portability, insured: { mustRenewPassword: true } }), open)).toBe(false);
    const both = globalDetails({ portability, schoolingCampaign: schooling });
    expect(schoolingPopupDue(both, null)).toBe(true);
    expect(portabilityPopupDue(both, open)).toBe(false);
    // The schooling popup closed in this session: the portability popup's turn.
    const marker = both.insured.lastConnection ?? 'first';
    expect(schoolingPopupDue(both, marker)).toBe(false);
    expect(portabilityPopupDue(both, { schooling: marker, portability: null })).toBe(true);
  });

  it('closed in this session, it comes back at the next sign-in only', () => {
    const d = globalDetails({ portability, insured: { lastConnection: '2026-11-20T08:00:00.000Z' } });
    expect(portabilityPopupDue(d, { schooling: null, portability: '2026-11-20T08:00:00.000Z' })).toBe(false);
    expect(portabilityPopupDue(d, { schooling: null, portability: '2026-11-01T08:00:00.000Z' })).toBe(true);
  });
});
