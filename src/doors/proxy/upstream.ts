import http, { type IncomingHttpHeaders, type IncomingMessage, type OutgoingHttpHeaders } from 'node:http';
import https from 'node:https';
import { debug } from '../../debug.js';
import { GardenerError } from '../../errors.js';

/**
 * The longest an upstream may stay silent, before its answer or between two of its bytes: the
 * official SDK's own request timeout (a streamed answer sends pings well within it).
 */
export const UPSTREAM_IDLE_MS = 10 * 60_000;

/** Headers that belong to one connection, not to the request (RFC 9110 §7.6.1): never forwarded. */
const HOP_BY_HOP: ReadonlySet<string> = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

/** Headers with the hop-by-hop ones (and those the `Connection` header names) left out. */
export function endToEnd(headers: IncomingHttpHeaders): OutgoingHttpHeaders {
  const named = new Set(
    String(headers['connection'] ?? '')
      .split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
  );
  const out: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || HOP_BY_HOP.has(name) || named.has(name)) continue;
    out[name] = value;
  }
  return out;
}

/** The upstream URL of a client's path and query: the upstream's own path prefix, then the client's. */
export function upstreamUrl(upstream: URL, clientPath: string): URL {
  const base = upstream.pathname.replace(/\/+$/, '');
  const url = new URL(upstream.href);
  const query = clientPath.indexOf('?');
  url.pathname = base + (query === -1 ? clientPath : clientPath.slice(0, query));
  url.search = query === -1 ? '' : clientPath.slice(query);
  return url;
}

export interface UpstreamRequest {
  upstream: URL;
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The body to send (content-length set to it); absent: `stream` is piped as it comes. */
  body?: Buffer;
  stream?: IncomingMessage;
  /** Ask for an uncompressed answer, so the proxy can read usage from it. */
  identity?: boolean;
  signal: AbortSignal;
  /** Told when the whole request has been handed to the socket (the model starts thinking). */
  onSent?: () => void;
  /** Give up on an upstream silent this long (default UPSTREAM_IDLE_MS). */
  idleMs?: number;
}

/** Error codes of a connection the upstream closed or reset. */
const DEAD_SOCKET_CODES: ReadonlySet<string> = new Set(['ECONNRESET', 'EPIPE']);

/**
 * Whether a failed attempt may be sent again: the socket was a kept-alive one the upstream had
 * already closed (it hung up before any answer), so the upstream never acted on the request, and
 * the whole body is at hand to send again. (Errors after the answer started do not reject.)
 */
export function diedOnReusedSocket(error: unknown, reusedSocket: boolean): boolean {
  if (!reusedSocket) return false;
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && DEAD_SOCKET_CODES.has(code);
}

/**
 * Sends a request upstream with the client's end-to-end headers; resolves with the response as it
 * starts. A body (not a stream) whose kept-alive socket turns out dead is sent once more, on a
 * fresh connection.
 */
export async function sendUpstream(request: UpstreamRequest): Promise<IncomingMessage> {
  const once = onlyOnce(request);
  try {
    return await attempt(once, false);
  } catch (error) {
    if (!(error instanceof AttemptFailed)) throw error;
    if (once.body === undefined || !diedOnReusedSocket(error.cause, error.reusedSocket)) throw error.cause;
    debug('proxy', 'kept-alive upstream socket was dead; sending again on a fresh one', {
      error: String(error.cause),
    });
    try {
      return await attempt(once, true);
    } catch (again) {
      throw again instanceof AttemptFailed ? again.cause : again;
    }
  }
}

/** The request with `onSent` told once, however many attempts it takes. */
function onlyOnce(request: UpstreamRequest): UpstreamRequest {
  const { onSent } = request;
  if (!onSent) return request;
  let told = false;
  return {
    ...request,
    onSent: () => {
      if (!told) onSent();
      told = true;
    },
  };
}

/** A failed attempt: the error, and whether it ran on a kept-alive socket of an earlier request. */
class AttemptFailed extends Error {
  constructor(
    override readonly cause: unknown,
    readonly reusedSocket: boolean,
  ) {
    super(String(cause));
  }
}

function attempt(request: UpstreamRequest, fresh: boolean): Promise<IncomingMessage> {
  const url = upstreamUrl(request.upstream, request.path);
  const headers = endToEnd(request.headers);
  headers['host'] = url.host;
  if (request.identity) headers['accept-encoding'] = 'identity';
  if (request.body !== undefined) headers['content-length'] = String(request.body.length);
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const outgoing = transport.request(
      url,
      // `agent: false`: a connection of its own, never one kept alive from an earlier request.
      { method: request.method, headers, signal: request.signal, ...(fresh ? { agent: false } : {}) },
      resolve,
    );
    outgoing.on('error', (cause) => reject(new AttemptFailed(cause, outgoing.reusedSocket)));
    // An upstream silent this long (before or during its answer) is cut off: the client is told.
    const idleMs = request.idleMs ?? UPSTREAM_IDLE_MS;
    outgoing.setTimeout(idleMs, () => outgoing.destroy(new UpstreamSilent(idleMs)));
    // Small SSE frames go out as they come, not batched by Nagle's algorithm.
    outgoing.setNoDelay(true);
    if (request.onSent) outgoing.once('finish', request.onSent);
    if (request.body !== undefined) outgoing.end(request.body);
    else if (request.stream) request.stream.pipe(outgoing);
    else outgoing.end();
  });
}

/** The upstream sent nothing for `idleMs`: the proxy gave up on it. */
export class UpstreamSilent extends GardenerError {
  constructor(readonly idleMs: number) {
    super(
      'PROVIDER',
      `the upstream sent nothing for ${idleMs < 1000 ? `${idleMs} ms` : `${Math.round(idleMs / 1000)} s`}`,
    );
  }
}
