/**
 * The developer console's page as the edge serves it (and the local gateway with it): under /console/,
 * the page itself never cached (it names the current assets), the assets content-hashed and cached
 * for ever, every answer with the same security headers.
 */
import { CONSOLE_PATH } from '../lib/config.js';

export { CONSOLE_PATH };
export const CONSOLE_ASSETS_PATH = `${CONSOLE_PATH}assets/`;

/**
 * Scripts, styles and calls from the page's own origin only (no inline script, no `*`); the page can be
 * framed by nobody, sends no Referer, and its types are never sniffed.
 */
export const CONSOLE_SECURITY_HEADERS = {
  'Content-Security-Policy': [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; '),
  'Referrer-Policy': 'no-referrer',
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
} as const;

export const CONSOLE_CACHE = {
  page: 'no-cache',
  asset: 'public, max-age=31536000, immutable',
} as const;
