import { describe, expect, it } from 'vitest';
import { hostName, isLoopback, isLoopbackHostHeader } from '../../../src/doors/proxy/loopback.js';

describe('loopback hosts', () => {
  it('reads the host part of Host headers, with ports and IPv6 brackets', () => {
    expect(hostName('127.0.0.1:8080')).toBe('127.0.0.1');
    expect(hostName('[::1]:8080')).toBe('::1');
    expect(hostName('LocalHost')).toBe('localhost');
    expect(hostName('::1')).toBe('::1');
  });

  it('accepts loopback addresses and names only', () => {
    for (const host of [
      '127.0.0.1',
      '127.8.9.10',
      '::1',
      'localhost',
      'localhost.',
      'app.localhost',
      '::ffff:127.0.0.1',
    ])
      expect(isLoopback(host), host).toBe(true);
    for (const host of [
      '0.0.0.0',
      '10.0.0.1',
      '::',
      'example.com',
      '127.0.0.1.nip.io',
      'localhost.evil.com',
      '::ffff:10.0.0.1',
    ])
      expect(isLoopback(host), host).toBe(false);
  });

  it('refuses a missing or empty Host header', () => {
    expect(isLoopbackHostHeader(undefined)).toBe(false);
    expect(isLoopbackHostHeader('')).toBe(false);
    expect(isLoopbackHostHeader('localhost:4000')).toBe(true);
  });
});
