import { afterEach, describe, expect, it, vi } from 'vitest';
import { setTrackingConsent, setTrackingSink, trackEvent, trackPageView } from './tracking';

afterEach(() => {
  setTrackingSink(null);
  setTrackingConsent(false);
});

describe('tracking', () => {
  it('is silent until audience measurement is accepted, and again after a withdrawal', () => {
    const sink = { pageView: vi.fn(), event: vi.fn() };
    setTrackingSink(sink);
    trackPageView({ path: '/home', title: 'Accueil' });
    trackEvent('click');
    expect(sink.pageView).not.toHaveBeenCalled();
    expect(sink.event).not.toHaveBeenCalled();

    setTrackingConsent(true);
    trackPageView({ path: '/home', title: 'Accueil' });
    trackEvent('click', { n: 1 });
    expect(sink.pageView).toHaveBeenCalledWith({ path: '/home', title: 'Accueil' });
    expect(sink.event).toHaveBeenCalledWith('click', { n: 1 });

    setTrackingConsent(false);
    trackPageView({ path: '/refunds', title: 'Mes remboursements' });
    expect(sink.pageView).toHaveBeenCalledTimes(1);
  });
});
