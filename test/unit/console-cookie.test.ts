import { afterEach, describe, expect, it } from 'vitest';
import {
  CONSOLE_SECURE_SESSION_COOKIE,
  CONSOLE_SESSION_COOKIE,
  consoleServedSecurely,
  consoleSessionCookie,
  consoleSessionToken,
} from '../../lib/keys/console.js';

const token = `hcs_${'A'.repeat(43)}`;
const shadow = `hcs_${'B'.repeat(43)}`;
const session = { token, endsAt: new Date(Date.now() + 3_600_000) };

afterEach(() => {
  delete process.env.CONSOLE_ORIGIN;
});

describe("the console session's cookie", () => {
  it('on https is a __Host- cookie: Secure, Path=/, no Domain, which no sibling subdomain can set', () => {
    const cookie = consoleSessionCookie(session, true);
    expect(cookie.startsWith(`${CONSOLE_SECURE_SESSION_COOKIE}=${token}; `)).toBe(true);
    expect(cookie).toContain('Secure');
    expect(cookie).toContain('Path=/');
    expect(cookie).not.toMatch(/Domain=/i);
    expect(consoleSessionCookie(undefined, true)).toMatch(
      new RegExp(`^${CONSOLE_SECURE_SESSION_COOKIE}=; .*Max-Age=0`),
    );
  });

  it('on https reads the prefixed cookie only: an unprefixed one (set by a sibling) is not this console’s', () => {
    const sent = [
      ` ${CONSOLE_SESSION_COOKIE}=${shadow}`,
      ` ${CONSOLE_SECURE_SESSION_COOKIE}=${token}`,
    ];
    expect(consoleSessionToken(sent, true)).toBe(token);
    expect(consoleSessionToken([`${CONSOLE_SESSION_COOKIE}=${shadow}`], true)).toBeUndefined();
  });

  it('on plain http (the local stack) is unprefixed, as a browser keeps no __Host- cookie there', () => {
    expect(
      consoleSessionCookie(session, false).startsWith(`${CONSOLE_SESSION_COOKIE}=${token}; `),
    ).toBe(true);
    expect(consoleSessionCookie(session, false)).not.toContain('Secure');
    expect(
      consoleSessionToken([`${CONSOLE_SECURE_SESSION_COOKIE}=${shadow}`], false),
    ).toBeUndefined();
    expect(consoleSessionToken([`${CONSOLE_SESSION_COOKIE}=${token}`], false)).toBe(token);
  });

  it('is secure when the console is served over https: the local origin, else the host called', () => {
    process.env.CONSOLE_ORIGIN = 'http://localhost:3000';
    expect(consoleServedSecurely({ host: 'api.example.com' })).toBe(false);
    delete process.env.CONSOLE_ORIGIN;
    expect(consoleServedSecurely({ host: 'api.example.com' })).toBe(true);
  });
});
