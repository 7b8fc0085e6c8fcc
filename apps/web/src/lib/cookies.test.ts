import { describe, expect, it } from 'vitest';
import { setCookies } from '../test/fetch';
import { isLoggedIn, readCookie, withRequestCookies } from './cookies';

describe('the vauth cookie', () => {
  it('is read once per task, and a change is seen from the next one', async () => {
    setCookies('vauth=true');
    expect(isLoggedIn()).toBe(true);
    setCookies();
    await Promise.resolve();
    expect(isLoggedIn()).toBe(false);
  });

  it('while the server renders, is the request’s, whatever the document holds', () => {
    setCookies('vauth=true');
    expect(isLoggedIn()).toBe(true);
    expect(withRequestCookies('other=1', () => [isLoggedIn(), readCookie('other')])).toEqual([false, '1']);
    expect(withRequestCookies('vauth=true', () => isLoggedIn())).toBe(true);
    expect(readCookie('other')).toBeNull();
  });
});
