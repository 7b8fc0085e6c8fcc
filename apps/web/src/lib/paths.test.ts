import { expect, it } from 'vitest';
import { isKnownPath } from './paths';

it('knows the routes of the table, with their parameters, and nothing else', () => {
  for (const path of [
    '/',
    '/home',
    '/refunds',
    '/login',
    '/login/mfa',
    '/login/forgot-password/abc123',
    '/update-benef/2',
    '/documents',
    '/documents/health',
    '/home/hospital-care',
    '/debug',
    '/home/',
  ]) {
    expect(isKnownPath(path), path).toBe(true);
  }
  for (const path of ['/nulle-part', '/homes', '/login/unknown', '/update-benef/2/extra', '/api/init']) {
    expect(isKnownPath(path), path).toBe(false);
  }
});
