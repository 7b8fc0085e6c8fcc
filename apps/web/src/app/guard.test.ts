import { describe, expect, it } from 'vitest';
import { paths } from '../lib/paths';
import { guard, type AccessState, type GuardDecision } from './guard';

/** A logged-in member with everything in order, service up, brand loaded. */
const member: AccessState = {
  loggedIn: true,
  mfaSessionId: null,
  mfaEmails: [],
  serviceStatus: 'UP',
  brandLoaded: true,
  brandError: false,
  invalidPersonalInfo: false,
  legalPagesValidated: true,
  isBoAuthentication: false,
  schoolingPopup: false,
  logoutRedirectUrl: null,
  features: ['MY_SERVICES', 'BENEFICIARIES_ADD', 'BENEFICIARIES', 'CONTRACT_RESILIATION'],
};
const anonymous: AccessState = { ...member, loggedIn: false };

const at = (state: AccessState, pathname: string, timeout = false) => guard(state, { pathname, timeout });
const allow: GuardDecision = { kind: 'allow' };
const to = (path: string): GuardDecision => ({ kind: 'redirect', to: path });

describe('rule 1 — logged in: MFA screens need their state', () => {
  it('mfa without an MFA session id → login', () => {
    expect(at(member, paths.mfa)).toEqual(to(paths.login));
  });
  it('mfa-email-list with no e-mail to choose → login', () => {
    expect(at(member, paths.mfaEmailList)).toEqual(to(paths.login));
  });
  it('comes before rule 9 (logged in on /login → home)', () => {
    expect(at({ ...member, mfaSessionId: 's1' }, paths.mfa)).toEqual(to(paths.home));
    expect(at({ ...member, mfaEmails: ['a@b.fr'] }, paths.mfaEmailList)).toEqual(to(paths.home));
  });
  it('does not apply when not logged in', () => {
    expect(at(anonymous, paths.mfa)).toEqual(allow);
  });
});

describe('rule 2 — not logged in on a protected path', () => {
  it('with a logout redirect URL: there, clearing global details', () => {
    expect(at({ ...anonymous, logoutRedirectUrl: 'https://tenant.example' }, '/requests')).toEqual({
      kind: 'external',
      url: 'https://tenant.example',
      clearDetails: true,
      callLogout: false,
    });
  });
  it('without: clear global details and call logout (then its URL, else login)', () => {
    expect(at(anonymous, '/requests')).toEqual({ kind: 'external', url: null, clearDetails: true, callLogout: true });
  });
  it('unknown paths too (the guard reading of "unknown paths go to login")', () => {
    expect(at(anonymous, '/nowhere')).toMatchObject({ kind: 'external', callLogout: true });
  });
  it('lets debug through', () => {
    expect(at(anonymous, paths.debug)).toEqual(allow);
  });
  it('spares the root, the login group, maintenance and the public pages', () => {
    for (const p of [paths.login, paths.forgotPassword, '/faq', '/faq/3/7', '/legal-page/cgu', paths.accessibility, paths.help, paths.error]) {
      expect(at(anonymous, p)).toEqual(allow);
    }
    expect(at({ ...anonymous, brandLoaded: false }, paths.noBrand)).toEqual(allow);
    expect(at(anonymous, paths.root)).toEqual(to(paths.login));
    expect(at(anonymous, paths.maintenance)).toEqual(to(paths.login));
  });
  it('comes before rule 3 (maintenance)', () => {
    expect(at({ ...anonymous, serviceStatus: 'DOWN' }, '/requests')).toMatchObject({ kind: 'external' });
  });
});

describe('unknown paths (route-table reading)', () => {
  const unknown = (state: AccessState, pathname: string) => guard(state, { pathname, timeout: false, unknownPath: true });
  it('reach not-found when anonymous instead of leaving for login (rules 2 and 10 are for protected pages)', () => {
    expect(unknown(anonymous, '/nulle-part')).toEqual(allow);
    expect(unknown({ ...anonymous, logoutRedirectUrl: 'https://tenant.example/bye' }, '/nulle-part')).toEqual(allow);
  });
  it('still obey maintenance and the brand rules', () => {
    expect(unknown({ ...anonymous, serviceStatus: 'DOWN' }, '/nulle-part')).toEqual(to('/maintenance'));
    expect(unknown({ ...anonymous, brandLoaded: false }, '/nulle-part')).toEqual(to('/no-brand'));
  });
  it('a known protected path still sends the anonymous visitor away', () => {
    expect(at(anonymous, '/refunds')).not.toEqual(allow);
  });
});

describe('rule 3 — service down', () => {
  for (const serviceStatus of ['DOWN', null] as const) {
    it(`status ${serviceStatus}: everything but maintenance and debug → maintenance`, () => {
      const s = { ...member, serviceStatus };
      expect(at(s, paths.home)).toEqual(to(paths.maintenance));
      expect(at(s, paths.login)).toEqual(to(paths.maintenance));
      expect(at(s, paths.noBrand)).toEqual(to(paths.maintenance));
      expect(at(s, paths.maintenance)).toEqual(allow);
      expect(at(s, paths.debug)).toEqual(allow);
    });
  }
  it('beats not-logged-in on the root and the login group (rule 10)', () => {
    const s = { ...anonymous, serviceStatus: 'DOWN' as const };
    expect(at(s, paths.root)).toEqual(to(paths.maintenance));
    expect(at(s, paths.login)).toEqual(to(paths.maintenance));
  });
  it('beats the brand rules (4, 5)', () => {
    expect(at({ ...member, serviceStatus: 'DOWN', brandLoaded: false }, paths.home)).toEqual(to(paths.maintenance));
    expect(at({ ...member, serviceStatus: 'DOWN', brandLoaded: false }, paths.maintenance)).toEqual(allow);
  });
});

describe('rule 4 — timeout parameter or brand configuration error', () => {
  it('a timeout parameter → maintenance, keeping the flag', () => {
    expect(at(member, paths.home, true)).toEqual(to(`${paths.maintenance}?timeout=true`));
    expect(at(member, paths.maintenance, true)).toEqual(allow);
  });
  it('a brand error → maintenance, even on the login group', () => {
    const s = { ...anonymous, brandError: true, brandLoaded: false };
    expect(at(s, paths.login)).toEqual(to(paths.maintenance));
    expect(at(s, paths.maintenance)).toEqual(allow);
  });
  it('comes before rule 5 (no brand)', () => {
    expect(at({ ...member, brandError: true, brandLoaded: false }, paths.home)).toEqual(to(paths.maintenance));
  });
});

describe('rule 5 — brand', () => {
  const noBrand = { ...member, brandLoaded: false };
  it('no brand loaded → no-brand, except under /debug', () => {
    expect(at(noBrand, paths.home)).toEqual(to(paths.noBrand));
    expect(at({ ...noBrand, loggedIn: false }, paths.login)).toEqual(to(paths.noBrand));
    expect(at(noBrand, paths.noBrand)).toEqual(allow);
    expect(at(noBrand, paths.debug)).toEqual(allow);
  });
  it('with a brand, no-brand → home', () => {
    expect(at(member, paths.noBrand)).toEqual(to(paths.home));
  });
  it('comes before the session gates (6, 7)', () => {
    expect(at({ ...noBrand, invalidPersonalInfo: true }, paths.home)).toEqual(to(paths.noBrand));
  });
});

describe('rule 6 — invalid personal information', () => {
  const s = { ...member, invalidPersonalInfo: true };
  it('→ the information validation dialog, which stays reachable', () => {
    expect(at(s, paths.home)).toEqual(to(paths.validateInfo));
    expect(at(s, paths.login)).toEqual(to(paths.validateInfo));
    expect(at(s, paths.validateInfo)).toEqual(allow);
  });
  it('not for a back-office login', () => {
    expect(at({ ...s, isBoAuthentication: true }, paths.home)).toEqual(allow);
  });
  it('comes before rule 7 (legal pages)', () => {
    expect(at({ ...s, legalPagesValidated: false }, paths.home)).toEqual(to(paths.validateInfo));
    expect(at({ ...s, legalPagesValidated: false }, paths.validateInfo)).toEqual(allow);
  });
});

describe('rule 7 — legal pages not validated', () => {
  const s = { ...member, legalPagesValidated: false };
  it('→ the legal-pages dialog, which stays reachable', () => {
    expect(at(s, paths.requests)).toEqual(to(paths.validateLegalPages));
    expect(at(s, paths.validateInfo)).toEqual(to(paths.validateLegalPages));
    expect(at(s, paths.validateLegalPages)).toEqual(allow);
  });
  it('not for a back-office login', () => {
    expect(at({ ...s, isBoAuthentication: true }, paths.requests)).toEqual(allow);
  });
});

describe('rule 8 — nothing to validate', () => {
  it('both validation screens → home', () => {
    expect(at(member, paths.validateInfo)).toEqual(to(paths.home));
    expect(at(member, paths.validateLegalPages)).toEqual(to(paths.home));
  });
  it('unless the schooling popup is pending', () => {
    expect(at({ ...member, schoolingPopup: true }, paths.validateInfo)).toEqual(allow);
  });
  it('a back-office login may still open a screen whose condition holds', () => {
    expect(at({ ...member, isBoAuthentication: true, legalPagesValidated: false }, paths.validateLegalPages)).toEqual(allow);
  });
});

describe('rule 9 — logged in on the login group or the root', () => {
  it('→ home', () => {
    for (const p of [paths.root, paths.login, paths.forgotPassword, '/login/forgot-password/abc', '/login/']) {
      expect(at(member, p)).toEqual(to(paths.home));
    }
  });
});

describe('rule 10 — not logged in elsewhere', () => {
  it('→ login, or the logout redirect URL (without clearing again)', () => {
    expect(at(anonymous, paths.root)).toEqual(to(paths.login));
    expect(at({ ...anonymous, logoutRedirectUrl: 'https://tenant.example' }, paths.root)).toEqual({
      kind: 'external',
      url: 'https://tenant.example',
      clearDetails: false,
      callLogout: false,
    });
  });
  it('spares /login, /debug, /help and /conseiller (a person is offered signed out too)', () => {
    expect(at(anonymous, paths.login)).toEqual(allow);
    expect(at(anonymous, paths.help)).toEqual(allow);
    expect(at(anonymous, paths.advisor)).toEqual(allow);
    expect(at(anonymous, '/debug')).toEqual(allow);
  });
});

describe('rule 11 — feature-gated routes (the toggle comes from the route table entry)', () => {
  const gated = (state: AccessState, pathname: string, feature: AccessState['features'][number]) => guard(state, { pathname, timeout: false, feature });
  const off = { ...member, features: [] };
  it('→ home when the route’s feature is off', () => {
    expect(gated(off, paths.paidOptions, 'CONTRACT_RESILIATION')).toEqual(to(paths.home));
    expect(gated({ ...member, features: ['MY_SERVICES'] }, paths.addBeneficiary, 'BENEFICIARIES_ADD')).toEqual(to(paths.home));
  });
  it('allowed when that feature is on, whatever the others', () => {
    expect(gated({ ...off, features: ['MY_SERVICES'] }, paths.services, 'MY_SERVICES')).toEqual(allow);
    expect(gated(member, paths.paidOptions, 'CONTRACT_RESILIATION')).toEqual(allow);
  });
  it('a route that declares no feature is never gated', () => {
    expect(at(off, paths.services)).toEqual(allow);
    expect(at(off, paths.requests)).toEqual(allow);
  });
  it('comes after the session gates', () => {
    expect(gated({ ...off, legalPagesValidated: false }, paths.services, 'MY_SERVICES')).toEqual(to(paths.validateLegalPages));
  });
});

describe('every chain of redirects ends', () => {
  const targets = [...Object.values(paths).filter((p) => !p.includes(':') && p !== '*'), '/nowhere', '/login/'];
  const flags = ['loggedIn', 'brandLoaded', 'brandError', 'invalidPersonalInfo', 'legalPagesValidated', 'isBoAuthentication', 'schoolingPopup'] as const;

  it('within a few steps, for every combination of state and start path', () => {
    let combinations = 0;
    for (let mask = 0; mask < 1 << flags.length; mask++) {
      for (const serviceStatus of ['UP', 'DOWN'] as const) {
        for (const mfa of [false, true]) {
          const state: AccessState = { ...member, serviceStatus, mfaSessionId: mfa ? 's' : null, mfaEmails: mfa ? ['a@b.fr'] : [] };
          flags.forEach((flag, i) => (state[flag] = Boolean(mask & (1 << i))));
          for (const start of targets) {
            let path = start;
            let decision = at(state, path);
            let steps = 0;
            // Follow in-app redirects, and exits that land on login (logout call without a URL).
            const next = (d: GuardDecision) => (d.kind === 'redirect' ? d.to : d.kind === 'external' && !d.url ? paths.login : null);
            for (let to = next(decision); to && steps < 6; to = next(decision), steps++) {
              path = to.split('?')[0]!;
              decision = at(state, path, to.includes('timeout'));
            }
            if (next(decision)) throw new Error(`loop from ${start} with ${JSON.stringify(state)}`);
            combinations++;
          }
        }
      }
    }
    expect(combinations).toBeGreaterThan(10_000);
  });
});
