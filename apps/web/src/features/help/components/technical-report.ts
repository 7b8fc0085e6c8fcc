import { recentApiErrors } from '../../../lib/api-client';

/**
 * The technical context a member may attach to a request: browser, screen, language, time and the
 * last error codes of the API client. Nothing personal: no identifier, no address, no page content.
 */
export function buildTechnicalReport(now = new Date()) {
  const nav = typeof navigator === 'undefined' ? undefined : navigator;
  return {
    generatedAt: now.toISOString(),
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    page: typeof location === 'undefined' ? '' : location.pathname,
    browser: {
      userAgent: nav?.userAgent ?? '',
      language: nav?.language ?? '',
      cookiesEnabled: nav?.cookieEnabled ?? false,
      online: nav?.onLine ?? true,
    },
    screen:
      typeof window === 'undefined'
        ? null
        : {
            width: window.screen.width,
            height: window.screen.height,
            viewport: `${window.innerWidth}x${window.innerHeight}`,
            pixelRatio: window.devicePixelRatio,
          },
    recentErrors: recentApiErrors(),
  };
}

export type TechnicalReport = ReturnType<typeof buildTechnicalReport>;

export const reportFileName = (report: TechnicalReport) => `rapport-technique-${report.generatedAt.slice(0, 19).replace(/[T:]/g, '-')}.json`;
