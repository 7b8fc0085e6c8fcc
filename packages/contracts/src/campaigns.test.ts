import { describe, expect, it } from 'vitest';
import {
  ZExitSurvey,
  ZSchoolingFields,
  schoolingCampaignFor,
  schoolingDeadline,
  SCHOOLING_MESSAGES,
  type SchoolingChoice,
  type SchoolingRuleInput,
} from './campaigns';

const family = [
  { id: 'main', rank: 'MAIN', firstName: 'CAMILLE', surName: 'DURAND', birthDate: '1986-04-12', insured: true },
  { id: 'partner', rank: 'PARTNER', firstName: 'THOMAS', surName: 'DURAND', birthDate: '1984-09-30', insured: true },
  { id: 'lea', rank: 'CHILD', firstName: 'LÉA', surName: 'DURAND', birthDate: '2014-02-18', insured: true },
  { id: 'noah', rank: 'CHILD', firstName: 'NOAH', surName: 'DURAND', birthDate: '2018-11-05', insured: true },
];
const schooling = { id: 'n1', uploadType: 1, campaignYear: 2026, createdAt: '2026-09-01T08:00:00.000Z' };
const input = (over: Partial<SchoolingRuleInput> = {}): SchoolingRuleInput => ({
  enabled: true,
  notifications: [schooling],
  beneficiaries: family,
  answers: new Map(),
  today: '2026-10-01',
  ...over,
});
const answers = (entries: [string, SchoolingChoice][]) => new Map(entries);

describe('schoolingCampaignFor', () => {
  it('a notification of upload type 1 and children: every insured child, the popup, 15 November of the campaign year', () => {
    const campaign = schoolingCampaignFor(input())!;
    expect(campaign).toMatchObject({ notificationId: 'n1', campaignYear: 2026, deadline: '2026-11-15', overdue: false, popup: true });
    expect(campaign.children.map((c) => c.beneficiaryId)).toEqual(['lea', 'noah']);
  });

  it('nothing without the tenant’s digital campaigns, without a type-1 notification, or without an insured child', () => {
    expect(schoolingCampaignFor(input({ enabled: false }))).toBeNull();
    expect(schoolingCampaignFor(input({ notifications: [] }))).toBeNull();
    expect(schoolingCampaignFor(input({ notifications: [{ ...schooling, uploadType: 2 }] }))).toBeNull();
    expect(schoolingCampaignFor(input({ beneficiaries: family.slice(0, 2) }))).toBeNull();
    expect(schoolingCampaignFor(input({ beneficiaries: family.map((b) => ({ ...b, insured: b.rank !== 'CHILD' })) }))).toBeNull();
  });

  it('the latest campaign year wins when several are open', () => {
    expect(schoolingCampaignFor(input({ notifications: [schooling, { ...schooling, id: 'n0', campaignYear: 2025 }] }))!.notificationId).toBe('n1');
  });

  it('answers: « later » keeps the child due without reopening the popup; every final answer ends the campaign', () => {
    const partly = schoolingCampaignFor(input({ answers: answers([['lea', 'UPLOAD']]) }))!;
    expect(partly.popup).toBe(true);
    expect(partly.children.map((c) => c.answer)).toEqual(['UPLOAD', null]);
    const later = schoolingCampaignFor(
      input({
        answers: answers([
          ['lea', 'UPLOAD'],
          ['noah', 'LATER'],
        ]),
      }),
    )!;
    expect(later.popup).toBe(false);
    expect(
      schoolingCampaignFor(
        input({
          answers: answers([
            ['lea', 'UPLOAD'],
            ['noah', 'NOT_SCHOOLED'],
          ]),
        }),
      ),
    ).toBeNull();
  });

  it('the deadline: due on 15 November itself, overdue from the 16th (still asked)', () => {
    expect(schoolingDeadline(2025)).toBe('2025-11-15');
    expect(schoolingCampaignFor(input({ today: '2026-11-15' }))!.overdue).toBe(false);
    expect(schoolingCampaignFor(input({ today: '2026-11-16' }))!.overdue).toBe(true);
    expect(schoolingCampaignFor(input({ today: '2026-11-23' }))).toMatchObject({ overdue: true, popup: true });
  });
});

describe('schooling and exit-survey forms', () => {
  it('no choice: the spec’s message', () => {
    const r = ZSchoolingFields.safeParse({});
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]!.message).toBe(SCHOOLING_MESSAGES.noChoice);
    expect(ZSchoolingFields.parse({ choice: 'NOT_SCHOOLED' })).toEqual({ choice: 'NOT_SCHOOLED' });
  });

  it('exit survey: a reason from the list, a comment of at most 500 characters', () => {
    expect(ZExitSurvey.parse({ reason: 'SLOW' })).toEqual({ reason: 'SLOW', comment: '' });
    expect(ZExitSurvey.safeParse({ reason: 'OTHER', comment: 'x'.repeat(501) }).success).toBe(false);
    expect(ZExitSurvey.safeParse({ reason: 'NOPE' }).success).toBe(false);
  });
});
