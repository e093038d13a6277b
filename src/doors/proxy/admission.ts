import type { IncomingHttpHeaders } from 'node:http';
import { isLoopbackHostHeader } from './loopback.js';

/** Media types a Messages body may be sent as (parameters such as `charset` aside). */
const JSON_TYPES: ReadonlySet<string> = new Set(['application/json']);

/**
 * Why the proxy refuses a request before reading it, or undefined when it may go on. Browsers are
 * kept out: a page can reach a loopback port, but its requests carry an `Origin` header (every
 * cross-origin POST does, `no-cors` ones too), and without a CORS preflight it can send only
 * `text/plain`, form or multipart bodies — so a Messages request must be JSON and carry no `Origin`.
 * A `Host` that is not a loopback name is a rebound DNS name (see loopback.ts).
 */
export function refusal(headers: IncomingHttpHeaders, messages: boolean): string | undefined {
  if (!isLoopbackHostHeader(headers.host)) return 'requests must name a loopback host (Host header)';
  if (headers.origin !== undefined)
    return 'requests from a web page (with an Origin header) are refused: the proxy serves local clients only';
  if (messages && !isJson(headers['content-type']))
    return `a Messages request must be sent as application/json (got ${describeType(headers['content-type'])})`;
  return undefined;
}

/** True for `application/json`, with or without parameters (`; charset=utf-8`). */
export function isJson(contentType: string | undefined): boolean {
  if (contentType === undefined) return false;
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  return JSON_TYPES.has(type);
}

function describeType(contentType: string | undefined): string {
  return contentType === undefined || contentType.trim() === ''
    ? 'no content type'
    : contentType.slice(0, 80);
}
