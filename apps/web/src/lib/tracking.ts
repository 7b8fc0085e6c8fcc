/**
 * Analytics go through this one module. The default sink drops everything; a tenant integration
 * plugs its own with `setTrackingSink` (once, at start-up). Nothing else calls an analytics SDK.
 */
export type PageView = { path: string; title: string };
export type TrackingSink = {
  pageView(view: PageView): void;
  event(name: string, properties?: Record<string, string | number | boolean>): void;
};

const noopSink: TrackingSink = { pageView: () => {}, event: () => {} };
let sink: TrackingSink = noopSink;

export function setTrackingSink(next: TrackingSink | null): void {
  sink = next ?? noopSink;
}

export function trackPageView(view: PageView): void {
  sink.pageView(view);
}

export function trackEvent(name: string, properties?: Record<string, string | number | boolean>): void {
  sink.event(name, properties);
}
