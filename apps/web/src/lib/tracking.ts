/**
 * Analytics go through this one module. The default sink drops everything; a tenant integration
 * plugs its own with `setTrackingSink` (once, at start-up). Nothing else calls an analytics SDK.
 *
 * Silent until the visitor accepts audience measurement (the cookie-consent banner calls
 * `setTrackingConsent`): before that, and after a withdrawal or in a back-office session, nothing
 * reaches the sink.
 */
export type PageView = { path: string; title: string };
export type TrackingSink = {
  pageView(view: PageView): void;
  event(name: string, properties?: Record<string, string | number | boolean>): void;
};

const noopSink: TrackingSink = { pageView: () => {}, event: () => {} };
let sink: TrackingSink = noopSink;
let consented = false;

export function setTrackingSink(next: TrackingSink | null): void {
  sink = next ?? noopSink;
}

/** The visitor's choice about audience measurement (false until they accept). */
export function setTrackingConsent(granted: boolean): void {
  consented = granted;
}

export function isTrackingAllowed(): boolean {
  return consented;
}

export function trackPageView(view: PageView): void {
  if (consented) sink.pageView(view);
}

export function trackEvent(name: string, properties?: Record<string, string | number | boolean>): void {
  if (consented) sink.event(name, properties);
}
