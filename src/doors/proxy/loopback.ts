import { isIP } from 'node:net';

/** Names that always resolve to this machine. */
const LOOPBACK_NAMES: ReadonlySet<string> = new Set(['localhost', 'localhost.localdomain', 'ip6-localhost']);

/** The host part of a `Host` header (`127.0.0.1:8080`, `[::1]:8080`, `localhost`), lower-cased. */
export function hostName(header: string): string {
  const value = header.trim().toLowerCase();
  if (value.startsWith('[')) {
    const end = value.indexOf(']');
    return end === -1 ? value : value.slice(1, end);
  }
  const colon = value.indexOf(':');
  // More than one colon without brackets: a bare IPv6 address, not host:port.
  if (colon !== -1 && value.indexOf(':', colon + 1) === -1) return value.slice(0, colon);
  return value;
}

/** True for loopback addresses and names: 127.0.0.0/8, ::1, IPv4-mapped 127.x, localhost. */
export function isLoopback(host: string): boolean {
  const name = host.endsWith('.') ? host.slice(0, -1) : host;
  if (LOOPBACK_NAMES.has(name) || name.endsWith('.localhost')) return true;
  const mapped = name.startsWith('::ffff:') ? name.slice(7) : name;
  if (isIP(mapped) === 4) return mapped.startsWith('127.');
  if (isIP(name) === 6) return name === '::1' || name === '0:0:0:0:0:0:0:1';
  return false;
}

/**
 * Whether a request's `Host` header names this machine. A page in a browser can reach a loopback
 * port through a name that the attacker's DNS points at 127.0.0.1 (DNS rebinding); its requests then
 * carry the attacker's name as `Host`, so anything but a loopback name is refused.
 */
export function isLoopbackHostHeader(header: string | undefined): boolean {
  if (header === undefined || header.trim() === '') return false;
  return isLoopback(hostName(header));
}
