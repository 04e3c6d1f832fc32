import { existsSync } from 'node:fs';
import { afterAll, beforeAll } from 'vitest';
import { chromium, type Browser } from 'playwright-core';

/**
 * Debian's Chromium (the npm packages' own browser downloads are not reachable from these machines:
 * .ci/run installs it, as it installs Java), started as the machine's probe showed it must be: headless,
 * no sandbox as root, and none of its background connections, which a closed network refuses.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** One browser for the test file; returns a getter for it. */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    if (!existsSync(CHROMIUM_PATH))
      throw new Error(
        `No Chromium at ${CHROMIUM_PATH}: install Debian's chromium package (apt-get install chromium), or set CHROMIUM_PATH`,
      );
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: FLAGS });
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
