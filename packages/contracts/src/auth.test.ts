import { describe, expect, it } from 'vitest';
import { ERRORS } from './errors';
import {
  ZCreateAccountFinalStepRequest,
  ZLoginIdentifier,
  ZLoginRequest,
  ZLoginUpdateRequest,
  ZSocialSecurityNumber,
  loginTypeOf,
  maskEmail,
  maskEmails,
  normaliseLogin,
} from './auth';

describe('login identifiers', () => {
  it('tells an 8-digit membership number from an e-mail address', () => {
    expect(loginTypeOf('12345678')).toBe('MEMBERSHIP_NUMBER');
    expect(loginTypeOf(' 12345678 ')).toBe('MEMBERSHIP_NUMBER');
    expect(loginTypeOf('camille.durand@example.com')).toBe('EMAIL');
    expect(loginTypeOf('1234567')).toBeNull();
    expect(loginTypeOf('123456789')).toBeNull();
    expect(loginTypeOf('camille')).toBeNull();
  });

  it('normalises e-mail logins to lower case and leaves numbers alone', () => {
    expect(normaliseLogin('  Camille.Durand@Example.COM ')).toBe('camille.durand@example.com');
    expect(normaliseLogin('12345678')).toBe('12345678');
  });

  it('recognises a NIR with its key by its shape (spaces, Corsican 2A/2B); the server checks the key', () => {
    expect(loginTypeOf('286047505612347')).toBe('NIR');
    expect(loginTypeOf(' 2 86 04 75 056 123 47 ')).toBe('NIR');
    expect(loginTypeOf('1 85 03 2a 004 123 99')).toBe('NIR');
    expect(loginTypeOf('18503 2B 004123 99')).toBe('NIR');
    expect(loginTypeOf('2860475056123')).toBeNull(); // no key
    expect(loginTypeOf('58604750561234')).toBeNull(); // sex digit 5, 14 characters
    expect(loginTypeOf('2860475056123470')).toBeNull();
    expect(normaliseLogin(' 1 85 03 2a 004 123 99 ')).toBe('185032A00412399');
    expect(ZLoginIdentifier.safeParse('2 86 04 75 056 123 47').success).toBe(true);
  });

  it('lets the login be changed to the NIR only by its type, and never creates an account with it', () => {
    expect(ZLoginUpdateRequest.safeParse({ loginType: 'NIR' }).success).toBe(true);
    expect(ZLoginUpdateRequest.safeParse({ loginType: 'EMAIL' }).success).toBe(false);
    expect(ZLoginUpdateRequest.safeParse({ login: '12345678' }).success).toBe(true);
    expect(ZCreateAccountFinalStepRequest.safeParse({ token: 'x'.repeat(16), loginType: 'NIR', password: 'x' }).success).toBe(false);
  });

  it('validates the form field with a French message', () => {
    expect(ZLoginIdentifier.safeParse('12345678').success).toBe(true);
    const bad = ZLoginIdentifier.safeParse('abc');
    expect(bad.error?.issues[0]?.message).toMatch(/numéro d’adhérent/);
  });

  it('reads the login body of the spec, spam_cleared defaulting to false', () => {
    const body = ZLoginRequest.parse({ grant_type: 'PASSWORD', login: '12345678', password: 'x' });
    expect(body.spam_cleared).toBe(false);
    expect(ZLoginRequest.safeParse({ grant_type: 'CODE', login: 'a', password: 'x' }).success).toBe(false);
  });
});

describe('masked addresses', () => {
  it('keeps the first and last characters of the local part and the domain', () => {
    expect(maskEmail('camille.durand@example.com')).toBe('c***d@example.com');
    expect(maskEmail('jo@example.com')).toBe('j***@example.com');
    expect(maskEmail('not-an-address')).toBe('***');
  });

  it('reveals more characters when two addresses would look alike', () => {
    const masked = maskEmails(['julien.martin@example.com', 'j.martin@example.com']);
    expect(new Set(masked).size).toBe(2);
    expect(masked[0]).not.toContain('julien.martin');
    expect(maskEmails(['julien.martin@example.com', 'j.martin.pro@example.org'])).toEqual(['j***n@example.com', 'j***o@example.org']);
  });
});

describe('social security number', () => {
  it('accepts 13 characters with or without the key, spaces ignored, Corsica included', () => {
    expect(ZSocialSecurityNumber.parse('2 86 04 75 056 123')).toBe('2860475056123');
    expect(ZSocialSecurityNumber.parse('286047505612347')).toBe('286047505612347');
    expect(ZSocialSecurityNumber.parse('1 84 09 2A 056 234')).toBe('184092A056234');
    expect(ZSocialSecurityNumber.safeParse('12345').success).toBe(false);
  });
});

describe('login error catalogue', () => {
  it('has the code-step messages of the spec word for word', () => {
    expect(ERRORS.MFA_CODE_EXPIRED.message).toBe('Code Expiré');
    expect(ERRORS.MFA_CODE_WRONG.message).toBe('Code erroné');
    expect(ERRORS.ACTION_NOT_FOUND.message).toBe('Action introuvable');
  });

  it('never answers 503 for a login error (the SPA reads 503 as maintenance, or OVERLOADED as « try again »)', () => {
    for (const [code, { status }] of Object.entries(ERRORS)) if (code !== 'MAINTENANCE' && code !== 'OVERLOADED') expect(status, code).not.toBe(503);
  });
});
