import { existsSync } from 'node:fs';
import { afterAll, beforeAll } from 'vitest';
import type { Browser } from 'playwright-core';
import { CHROMIUM_PATH, launchChromium } from '../../scripts/local/chromium.js';

/** One browser for the test file; returns a getter for it. */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    if (!existsSync(CHROMIUM_PATH))
      throw new Error(
        `No Chromium at ${CHROMIUM_PATH}: install Debian's chromium package (apt-get install chromium), or set CHROMIUM_PATH`,
      );
    browser = await launchChromium();
  });
  afterAll(() => browser?.close());
  return () => {
    if (!browser) throw new Error('The browser starts before the tests');
    return browser;
  };
}

/** A phone's viewport and a desktop's: every page is checked at both. */
export const VIEWPORTS = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
} as const;
