/** Paths of the SPA that carry an e-mailed single-use token as their last segment. */
const TOKEN_PATHS = /^(\/login\/(?:forgot-password|create-account-final-step))\/[^/?#]+/;

/**
 * The URL as the request log may show it: no query string (tokens such as get-logins?token=) and no
 * token in the path of the e-mailed links' pages.
 */
export function urlForLog(url: string): string {
  return url.split('?')[0]!.replace(TOKEN_PATHS, '$1/[token]');
}
