import { describe, expect, it } from 'vitest';
import { acceptsGzip } from '../../lib/http/response-size.js';

describe('Accept-Encoding (RFC 9110 §12.5.3)', () => {
  it.each([
    ['gzip', true],
    ['gzip, deflate, br', true],
    ['GZIP;Q=0.5', true],
    ['*', true],
    ['br, *;q=0.1', true],
    ['*;q=0, gzip;q=0.2', true],
    [undefined, false],
    ['', false],
    ['identity', false],
    ['gzip;q=0', false],
    ['gzip;q=0.000', false],
    ['*;q=0', false],
    // An explicit q=0 excludes gzip, whatever the wildcard allows.
    ['gzip;q=0, *', false],
    ['*, gzip;q=0', false],
  ])('%s → gzip %s', (header, expected) => {
    expect(acceptsGzip(header)).toBe(expected);
  });
});
