import { chromium, type Browser } from 'playwright-core';

/**
 * Debian's Chromium (the npm packages' own browser downloads are not reachable from these machines:
 * .ci/run installs it, as it installs Java), started as it must be here: headless, no sandbox as root,
 * and none of its background connections, which a closed network refuses many at a time.
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

export const launchChromium = (): Promise<Browser> =>
  chromium.launch({ executablePath: CHROMIUM_PATH, args: FLAGS });
