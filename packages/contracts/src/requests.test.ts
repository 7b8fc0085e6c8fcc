import { describe, expect, it } from 'vitest';
import { canReplyToRequest, defaultRequestTypes, isStepAllowed, requestKindLabel, statusBadgeLabel, timelineStepLabel, timelineStepsOf } from './request-kinds';
import {
  DOCUMENT_KIND_CODES,
  MESSAGE_KIND_CODES,
  MESSAGE_KINDS,
  REQUEST_KINDS,
  REQUEST_KIND_LABELS,
  REQUEST_TYPES,
  STATUS_KEYS,
  SUCCESS_BADGES,
  TIMELINE_STEPS,
  WAITING_STEPS,
  WARNING_BADGES,
  ZNewMessage,
  ZReplyMessage,
  badgeTone,
  computeAverageRequestResponseDelay,
  isRequestNew,
  messageKindOf,
  timelineStepLink,
  typeCodeOf,
  type BadgeTone,
  type RequestType,
  type StatusKey,
} from './requests';

describe('request kinds and codes', () => {
  it('lists the kinds of each type exactly as the spec', () => {
    expect(REQUEST_TYPES).toEqual(['supporting_document', 'bill', 'document', 'quotation', 'message']);
    expect(REQUEST_KINDS.supporting_document).toEqual(['schooling', 'tax_notice', 'pension_rights', 'employment_center', 'disability', 'social_security']);
    expect(REQUEST_KINDS.bill).toEqual(['alternative_medicine', 'dental', 'hospital_care', 'new_optical_equipment', 'various', 'spa_stay', 'new_hearing_aid']);
    expect(REQUEST_KINDS.quotation).toEqual(['dental_quote', 'optical_quote', 'hospital_quote', 'other_quote', 'audio_quote']);
    expect(DOCUMENT_KIND_CODES).toEqual({ rib: 11, mandate: 12, other: 13 });
  });

  it('has the 32 message kinds with the spec codes, 10020 and 10021 absent, and the areas add none over them', () => {
    const expected: [number, string][] = [
      [9999, 'specific_demand'],
      [10000, 'teletransmission'],
      [10001, 'third_party_payment_card'],
      [10002, 'other'],
      [10003, 'add_beneficiary'],
      [10004, 'delete_beneficiary'],
      [10005, 'request_additional_parts'],
      [10006, 'info_message'],
      [10007, 'supporting_docs_pacs'],
      [10008, 'supporting_docs_common_life'],
      [10009, 'supporting_docs_others'],
      [10010, 'membership_other'],
      [10011, 'membership_fee_other'],
      [10012, 'warranties_other'],
      [10013, 'refunds_other'],
      [10014, 'support_other'],
      [10015, 'teletransmission_other'],
      [10016, 'others'],
      [10017, 'membership_change_option'],
      [10018, 'resend_tp_card'],
      [10019, 'hospital_care'],
      [10022, 'membership_fee_timeline'],
      [10023, 'rib'],
      [10024, 'claim_request_membership_fee'],
      [10025, 'claim_request_membership'],
      [10026, 'claim_request_tp_card'],
      [10027, 'claim_request_warranties'],
      [10028, 'claim_request_refunds'],
      [10029, 'claim_request_teletransmission'],
      [10030, 'cancel_paid_options'],
      [10031, 'contract_termination'],
      [10032, 'rib_beneficiary'],
    ];
    expect(Object.entries(MESSAGE_KIND_CODES).map(([k, c]) => [c, k])).toEqual(expected);
    for (const [code, kind] of expected) expect(messageKindOf(code)).toBe(kind);
    expect(messageKindOf(10020)).toBeNull();
    expect(messageKindOf(10021)).toBeNull();
    expect(messageKindOf(11)).toBeNull();
    // The composed list (the spec's and the areas' kinds): the spec's names keep the spec's codes.
    const composed = defaultRequestTypes().filter((e) => e.type === 'message');
    const specNames = new Set(expected.map(([, kind]) => kind));
    expect(composed.filter((e) => specNames.has(e.codeName)).map((e) => [e.typeCode, e.codeName])).toEqual(expected);
    expect(composed.map((e) => e.typeCode)).not.toContain(10020);
    expect(composed.map((e) => e.typeCode)).not.toContain(10021);
  });

  it('has a French label for every kind of every type', () => {
    for (const type of REQUEST_TYPES) {
      const labels = REQUEST_KIND_LABELS[type] as Record<string, string>;
      expect(Object.keys(labels).sort()).toEqual([...REQUEST_KINDS[type]].sort());
      for (const label of Object.values(labels)) expect(label.length).toBeGreaterThan(2);
    }
  });

  it('builds a default request-types list with unique codes and unique (type, code name)', () => {
    const list = defaultRequestTypes();
    expect(new Set(list.map((e) => e.typeCode)).size).toBe(list.length);
    expect(new Set(list.map((e) => `${e.type}:${e.codeName}`)).size).toBe(list.length);
    for (const type of REQUEST_TYPES)
      expect(list.filter((e) => e.type === type).map((e) => e.codeName)).toEqual(expect.arrayContaining([...REQUEST_KINDS[type]]));
    for (const entry of list) expect(requestKindLabel(entry.type, entry.codeName)).toBe(entry.label);
    expect(typeCodeOf(list, 'document', 'rib')).toBe(11);
    expect(typeCodeOf(list, 'message', 'rib')).toBe(10023);
    expect(typeCodeOf(list, 'supporting_document', 'schooling')).toBe(1);
    expect(typeCodeOf(list, 'bill', 'hospital_care')).not.toBe(typeCodeOf(list, 'message', 'hospital_care'));
    expect(typeCodeOf(list, 'bill', 'nope')).toBeNull();
  });
});

describe('status keys and badges', () => {
  it('has the eight status keys of the spec', () => {
    expect(STATUS_KEYS).toEqual(['done', 'in_progress', 'check_in_progress', 'study', 'to_process', 'read', 'unread', 'request_sent']);
  });

  /** The spec's badges, each with the status it words and its tone. */
  const BADGES: [RequestType, number, StatusKey, string, BadgeTone][] = [
    ['bill', 22, 'done', 'Traité', 'success'],
    ['bill', 22, 'in_progress', 'En cours', 'warning'],
    ['bill', 22, 'check_in_progress', 'Vérification en cours', 'warning'],
    ['bill', 22, 'study', 'Analyse en cours', 'warning'],
    ['bill', 22, 'to_process', 'En attente', 'warning'],
    ['bill', 22, 'request_sent', 'Demande envoyée', 'success'],
    ['document', 11, 'done', 'Enregistré', 'success'],
    ['document', 13, 'read', 'Lu', 'success'],
    ['document', 13, 'unread', 'Non lu', 'warning'],
    ['supporting_document', 1, 'done', 'Situation actualisée', 'success'],
    ['message', 10002, 'read', 'Message lu', 'success'],
    ['message', 10002, 'unread', 'Message non lu', 'warning'],
    ['message', 10002, 'request_sent', 'Envoyé', 'success'],
    ['message', 10018, 'in_progress', 'Impression en cours', 'warning'],
    ['message', 10018, 'done', 'Carte envoyée', 'success'],
    ['message', 10003, 'done', 'Rattachement effectué', 'success'],
    ['message', 10004, 'request_sent', 'Pris en compte', 'success'],
    ['message', 10019, 'in_progress', 'En cours de préparation', 'warning'],
    ['message', 10028, 'in_progress', 'En cours', 'warning'],
  ];

  it.each(BADGES)('%s %i in %s shows "%s" (%s)', (type, typeCode, statusKey, label, tone) => {
    expect(statusBadgeLabel({ type, typeCode, statusKey })).toBe(label);
    expect(badgeTone(label)).toBe(tone);
  });

  it('classifies exactly the spec badge sets', () => {
    const labelsOf = (tone: BadgeTone) => new Set(BADGES.filter((row) => row[4] === tone).map((row) => row[3]));
    expect(new Set(SUCCESS_BADGES)).toEqual(labelsOf('success'));
    expect(new Set(WARNING_BADGES)).toEqual(labelsOf('warning'));
    expect(badgeTone('Inconnu')).toBeNull();
    expect(badgeTone('traité')).toBeNull();
  });

  it('every badge of both sets is reachable, and every reachable badge is in one set', () => {
    const seen = new Set<string>();
    for (const entry of defaultRequestTypes()) {
      for (const statusKey of STATUS_KEYS) {
        const label = statusBadgeLabel({ type: entry.type, typeCode: entry.typeCode, statusKey });
        expect(badgeTone(label), label).not.toBeNull();
        seen.add(label);
      }
    }
    expect([...seen].sort()).toEqual([...SUCCESS_BADGES, ...WARNING_BADGES].sort());
  });

  it('flags a request new when its status is unread or it was never opened', () => {
    expect(isRequestNew({ statusKey: 'unread', read: true })).toBe(true);
    expect(isRequestNew({ statusKey: 'done', read: false })).toBe(true);
    expect(isRequestNew({ statusKey: 'read', read: true })).toBe(false);
    expect(isRequestNew({ statusKey: 'done', read: true })).toBe(false);
  });
});

describe('canReplyToRequest', () => {
  const msg = (typeCode: number, statusKey: StatusKey, title = 'Votre demande') => ({ type: 'message' as const, typeCode, statusKey, title });

  it('lets the member answer an open message request', () => {
    for (const statusKey of STATUS_KEYS.filter((s) => s !== 'done')) expect(canReplyToRequest(msg(10002, statusKey))).toBe(true);
  });

  it('refuses any request whose title carries [FDC], in any case and status', () => {
    expect(canReplyToRequest(msg(10002, 'unread', '[FDC] Fin de contrat'))).toBe(false);
    expect(canReplyToRequest(msg(10023, 'done', 'Changement de RIB [fdc]'))).toBe(false);
    expect(canReplyToRequest(msg(10002, 'in_progress', 'FDC sans crochets'))).toBe(true);
  });

  it('accepts a reply once done only for 10022, 10023, 10030, 10031, 10032', () => {
    const allowed = [10022, 10023, 10030, 10031, 10032];
    for (const kind of MESSAGE_KINDS) {
      const code = MESSAGE_KIND_CODES[kind];
      expect(canReplyToRequest(msg(code, 'done')), `${code}`).toBe(allowed.includes(code));
    }
  });

  it('never accepts a reply on a non-message request', () => {
    for (const type of ['bill', 'document', 'quotation', 'supporting_document'] as const) {
      expect(canReplyToRequest({ type, typeCode: 11, statusKey: 'in_progress', title: 'x' })).toBe(false);
      expect(canReplyToRequest({ type, typeCode: 10023, statusKey: 'done', title: 'x' })).toBe(false);
    }
    expect(canReplyToRequest({ type: 'message', typeCode: 42, statusKey: 'in_progress', title: 'x' })).toBe(false);
  });
});

describe('timeline', () => {
  it('words the steps as the spec, with the done wording per type', () => {
    expect(timelineStepLabel('bill', 22, 'received')).toBe('Reçu par nos équipes');
    expect(timelineStepLabel('bill', 22, 'check_in_progress')).toBe('Vérification en cours');
    expect(timelineStepLabel('bill', 22, 'check_done')).toBe('Vérifications effectuées');
    expect(timelineStepLabel('supporting_document', 1, 'taken_into_account')).toBe('Situation actualisée');
    expect(timelineStepLabel('document', 11, 'done')).toBe('Demande traitée');
    expect(timelineStepLabel('supporting_document', 1, 'done')).toBe('Demande traitée');
    expect(timelineStepLabel('bill', 22, 'done')).toBe('Prise en charge');
    expect(timelineStepLabel('quotation', 31, 'done')).toBe('Prise en charge');
    expect(timelineStepLabel('message', 10019, 'done')).toBe('Prise en charge');
    expect(timelineStepLabel('message', 10002, 'done')).toBe('Demande clôturée');
    expect(timelineStepLabel('message', 10028, 'done')).toBe('Demande clôturée');
    expect(timelineStepLabel('message', 10018, 'printing')).toBe('Impression en cours');
    expect(timelineStepLabel('message', 10004, 'taken_into_account')).toBe('Demande prise en compte');
    expect(timelineStepLabel('bill', 22, 'waiting_noemie')).toContain('Noémie');
  });

  it('gives every kind a nominal path whose steps are allowed and labelled', () => {
    for (const entry of defaultRequestTypes()) {
      const steps = timelineStepsOf(entry.type, entry.typeCode);
      expect(steps.length).toBeGreaterThan(0);
      for (const step of steps) {
        expect(isStepAllowed(entry.type, entry.typeCode, step)).toBe(true);
        expect(timelineStepLabel(entry.type, entry.typeCode, step)).toMatch(/\S/);
      }
    }
    expect(timelineStepsOf('message', 10028)).toEqual(['received', 'in_progress', 'answered', 'done']);
    expect(timelineStepsOf('message', 10018)).toEqual(['received', 'printing', 'sent']);
    expect(timelineStepsOf('supporting_document', 1)).toEqual(['received', 'check_in_progress', 'check_done', 'done', 'taken_into_account']);
  });

  it('allows waiting steps on supporting documents and bills only', () => {
    for (const step of WAITING_STEPS) {
      expect(isStepAllowed('bill', 22, step)).toBe(true);
      expect(isStepAllowed('supporting_document', 4, step)).toBe(true);
      expect(isStepAllowed('quotation', 31, step)).toBe(false);
      expect(isStepAllowed('document', 11, step)).toBe(false);
      expect(isStepAllowed('message', 10002, step)).toBe(false);
    }
    expect(TIMELINE_STEPS).toContain('waiting_france_travail_proof');
  });

  it('links done steps to Contact and the others to Voir', () => {
    for (const step of ['done', 'taken_into_account', 'sent', 'file_updated'] as const) expect(timelineStepLink(step)).toBe('Contact');
    for (const step of ['received', 'check_in_progress', 'check_done', 'study', 'waiting_noemie', 'printing', 'in_progress'] as const)
      expect(timelineStepLink(step)).toBe('Voir');
  });
});

describe('averageRequestResponseDelay', () => {
  it('adds and subtracts the tenant delays in calendar days, across month ends', () => {
    expect(computeAverageRequestResponseDelay({ prestation: 5, adhesion: 10 }, '2026-01-28')).toEqual({
      prestationFuturDate: '2026-02-02',
      adhesionFuturDate: '2026-02-07',
      prestationPastDate: '2026-01-23',
      adhesionPastDate: '2026-01-18',
    });
    expect(computeAverageRequestResponseDelay({ prestation: 0, adhesion: 1 }, '2028-02-28').adhesionFuturDate).toBe('2028-02-29');
  });
});

describe('writing a message', () => {
  it('accepts ordinary French text and trims it', () => {
    const parsed = ZNewMessage.parse({
      object: '  Question sur mon décompte ',
      category: 'refunds_other',
      // eslint-disable-next-line mutua/french-spacing -- what a member types, plain spaces
      message: 'Bonjour, pourquoi 12,50 € ? « Merci » (L’équipe) : 100% d’accord !\nCordialement',
    });
    expect(parsed.object).toBe('Question sur mon décompte');
    expect(parsed.request).toBe('DEMANDE');
  });

  it('refuses empty fields, markup, overlong text and categories members cannot pick, in French', () => {
    const msg = (r: ReturnType<typeof ZNewMessage.safeParse>) => (r.success ? null : r.error.issues.map((i) => i.message));
    expect(msg(ZNewMessage.safeParse({ object: ' ', category: 'other', message: 'x' }))).toEqual(["Le champ 'Objet' ne peut pas être vide"]);
    expect(msg(ZNewMessage.safeParse({ object: 'a', category: 'other', message: '<script>' }))).toEqual(['Les caractères spéciaux ne sont pas autorisés']);
    expect(msg(ZNewMessage.safeParse({ object: 'a', category: 'info_message', message: 'x' }))).toEqual(['Veuillez choisir une catégorie']);
    expect(ZReplyMessage.safeParse({ message: 'x'.repeat(4001) }).success).toBe(false);
    expect(ZReplyMessage.safeParse({ message: 'x'.repeat(4000) }).success).toBe(true);
    expect(ZReplyMessage.safeParse({ message: 'a{b}' }).success).toBe(false);
  });
});
