import { beforeEach, describe, expect, it } from 'vitest';
import { isPortalPath, rememberAfterSignIn, takeAfterSignIn } from './after-sign-in';

beforeEach(() => sessionStorage.clear());

describe('after sign-in', () => {
  it('gives back the page asked for, once', () => {
    rememberAfterSignIn('/contact-change/confirm/abc?x=1', 1_000);
    expect(takeAfterSignIn(2_000)).toBe('/contact-change/confirm/abc?x=1');
    expect(takeAfterSignIn(3_000)).toBeNull();
  });

  it('forgets it after 30 minutes', () => {
    rememberAfterSignIn('/refunds', 0);
    expect(takeAfterSignIn(30 * 60 * 1000 + 1)).toBeNull();
  });

  it('never keeps another site (no open redirect), even written by hand in storage', () => {
    for (const bad of ['//evil.example/x', 'https://evil.example', '/\\evil.example', 'javascript:alert(1)', '/a\nb']) {
      expect(isPortalPath(bad)).toBe(false);
      rememberAfterSignIn(bad, 0);
      expect(takeAfterSignIn(1)).toBeNull();
    }
    sessionStorage.setItem('mutua.after-sign-in', JSON.stringify({ path: '//evil.example', at: 0 }));
    expect(takeAfterSignIn(1)).toBeNull();
    sessionStorage.setItem('mutua.after-sign-in', 'not json');
    expect(takeAfterSignIn(1)).toBeNull();
  });
});
