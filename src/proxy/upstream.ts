import http, { type IncomingHttpHeaders, type IncomingMessage, type OutgoingHttpHeaders } from 'node:http';
import https from 'node:https';

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
}

/** Sends a request upstream with the client's end-to-end headers; resolves with the response as it starts. */
export function sendUpstream(request: UpstreamRequest): Promise<IncomingMessage> {
  const url = upstreamUrl(request.upstream, request.path);
  const headers = endToEnd(request.headers);
  headers['host'] = url.host;
  if (request.identity) headers['accept-encoding'] = 'identity';
  if (request.body !== undefined) headers['content-length'] = String(request.body.length);
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const outgoing = transport.request(
      url,
      { method: request.method, headers, signal: request.signal },
      resolve,
    );
    outgoing.on('error', reject);
    // Small SSE frames go out as they come, not batched by Nagle's algorithm.
    outgoing.setNoDelay(true);
    if (request.onSent) outgoing.once('finish', request.onSent);
    if (request.body !== undefined) outgoing.end(request.body);
    else if (request.stream) request.stream.pipe(outgoing);
    else outgoing.end();
  });
}
