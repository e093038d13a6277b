import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { debug } from '../../debug.js';
import { createBodyReader, type BodyReader } from './body-read.js';
import { refusal } from './admission.js';
import { createCredentialGate, type CredentialGate } from './credentials.js';
import type { RequestRecord } from './records.js';
import type { GardenedRequest, RequestGardener } from './request-gardener.js';
import { endToEnd, sendUpstream, UpstreamSilent } from './upstream.js';
import { createSseUsageReader, jsonUsage, type Usage } from './usage.js';
import { isBindingError } from '../../core/binding/index.js';

/** Largest request body read whole (Claude Code sends images inline, base64). */
export const MAX_BODY_BYTES = 128 * 1024 * 1024;
/** Largest non-streamed answer kept to read its usage (the bytes are forwarded either way). */
const MAX_JSON_ANSWER_BYTES = 8 * 1024 * 1024;

export interface ProxyServerOptions {
  upstream: URL;
  gardener: RequestGardener;
  host: string;
  port: number;
  /** Give up on an upstream silent this long (default UPSTREAM_IDLE_MS). */
  upstreamIdleMs?: number;
  /** Told of every request once its answer is complete (or the client left). */
  onRecord?: (record: RequestRecord) => void;
}

export interface ProxyServer {
  /** `http://host:port` the clients use as their base URL. */
  readonly url: string;
  readonly port: number;
  close(): Promise<void>;
}

type Kind = RequestRecord['kind'];

/** Why a Messages request went out as it came: the upstream has not accepted its credentials yet. */
const UNPROVEN_CREDENTIALS = 'credentials not yet accepted by the upstream';

/** Starts the proxy: `/v1/messages` and its `count_tokens` gardened, everything else forwarded as is. */
export function startProxyServer(options: ProxyServerOptions): Promise<ProxyServer> {
  const reader = createBodyReader();
  const gate = createCredentialGate();
  const server = http.createServer((req, res) => {
    handle(options, { reader, gate }, req, res).catch((error: unknown) => {
      debug('proxy', 'request failed', { error: String(error) });
      if (!res.headersSent) sendError(res, 502, 'api_error', `gardener proxy: ${String(error)}`);
      else res.destroy();
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      const { port } = server.address() as AddressInfo;
      const host = options.host.includes(':') ? `[${options.host}]` : options.host;
      resolve({
        url: `http://${host}:${port}`,
        port,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}

function kindOf(req: IncomingMessage): Kind {
  if (req.method !== 'POST') return 'other';
  const path = (req.url ?? '/').split('?')[0];
  if (path === '/v1/messages') return 'messages';
  if (path === '/v1/messages/count_tokens') return 'count_tokens';
  return 'other';
}

/** What the server keeps across requests. */
interface ServerState {
  reader: BodyReader;
  gate: CredentialGate;
}

async function handle(
  options: ProxyServerOptions,
  { reader, gate }: ServerState,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const started = performance.now();
  const record: RequestRecord = {
    at: Date.now(),
    kind: kindOf(req),
    method: req.method ?? 'GET',
    path: req.url ?? '/',
    status: 0,
    ms: 0,
    gardened: false,
  };
  const finish = (extra: Partial<RequestRecord> = {}) => {
    Object.assign(record, extra, { ms: performance.now() - started });
    options.onRecord?.(record);
  };
  const refused = refusal(req.headers, record.kind === 'messages' || record.kind === 'count_tokens');
  if (refused !== undefined) {
    req.resume();
    record.kind = 'refused';
    sendError(res, 403, 'permission_error', `gardener proxy: ${refused}`);
    return finish({ status: 403 });
  }
  const credentials = gate.key(req.headers);
  // Until the upstream has accepted the request's credentials once, nothing of it is gardened or stored.
  const gardenable =
    (record.kind === 'messages' || record.kind === 'count_tokens') && gate.accepted(credentials);
  if (record.kind !== 'other' && !gardenable) record.failOpen = UNPROVEN_CREDENTIALS;
  // Until the upstream has the body, the garden threads' settling holds (it would take the request's CPU).
  const upstreamHasIt = (gardenable && options.gardener.arrived?.()) || (() => undefined);
  try {
    const heard = (status: number) => gate.learn(credentials, status);
    const exchange = { reader, req, res, record, started, upstreamHasIt, gardenable, heard };
    finish(await gardenAndForward(options, exchange));
  } finally {
    upstreamHasIt();
  }
}

interface Exchange {
  reader: BodyReader;
  req: IncomingMessage;
  res: ServerResponse;
  record: RequestRecord;
  started: number;
  upstreamHasIt: () => void;
  /** Gardened (a Messages or count_tokens request whose credentials the upstream accepted before). */
  gardenable: boolean;
  /** Told the upstream's status as its answer starts. */
  heard: (status: number) => void;
}

/** Reads and gardens a Messages body, sends the request upstream, relays the answer; what the record lacks. */
async function gardenAndForward(
  options: ProxyServerOptions,
  exchange: Exchange,
): Promise<Partial<RequestRecord>> {
  const { reader, req, res, record, started, gardenable, heard } = exchange;
  let gardened: GardenedRequest | undefined;
  let raw: Buffer | undefined;
  let afterSent: () => void = () => undefined;
  if (gardenable && (record.kind === 'messages' || record.kind === 'count_tokens')) {
    raw = await reader.read(req, MAX_BODY_BYTES);
    const read = performance.now() - started;
    if (raw === undefined) {
      sendError(res, 413, 'request_too_large', `gardener proxy: request body over ${MAX_BODY_BYTES} bytes`);
      return { status: 413 };
    }
    gardened = await options.gardener.garden(raw, req.headers, record.kind);
    Object.assign(record, gardened.record);
    record.phases = { ...gardened.record.phases, read };
    // The conversation's next body goes into memory readied while the model thinks.
    const bytes = raw.length;
    afterSent = () => reader.warm(bytes);
  }
  let answer = await forward(options, exchange, { gardened, afterSent });
  // No attempt sends the body after this: its memory may hold the conversation's next one.
  gardened?.release?.();
  if (answer === undefined) return {};
  heard(answer.statusCode ?? 0);
  let refused: Buffer | undefined;
  if (gardened && raw && record.kind === 'messages' && record.gardened && answer.statusCode === 400) {
    refused = await readAll(answer);
    if (bindingRefusal(refused)) {
      // The upstream refused a thinking block bound to what gardener changed: the client's own
      // request goes out once, and the conversation goes out as the client sends it from now on.
      options.gardener.done(gardened, undefined, true);
      record.failOpen =
        'the upstream refused a thinking block bound to what gardener changed; sent again as the client sent it';
      answer = await forward(
        options,
        { ...exchange, upstreamHasIt: () => undefined },
        { gardened: { body: raw, record }, afterSent: () => undefined },
      );
      if (answer === undefined) return {};
      refused = undefined;
      gardened = undefined;
    }
  }
  if (refused) {
    relayRead(answer, refused, res, record);
    if (gardened) options.gardener.done(gardened);
    return {};
  }
  await relay(options, answer, res, record, gardened);
  return {};
}

/** Whether an error body is the API's refusal of a thinking block bound to a changed prefix. */
function bindingRefusal(body: Buffer): boolean {
  try {
    const parsed = JSON.parse(body.toString('utf8')) as { error?: { message?: unknown } };
    return typeof parsed.error?.message === 'string' && isBindingError(parsed.error.message);
  } catch {
    return false;
  }
}

/** The whole of a short answer (an error's JSON). */
async function readAll(answer: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of answer) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** An answer already read whole, relayed to the client as it came. */
function relayRead(answer: IncomingMessage, body: Buffer, res: ServerResponse, record: RequestRecord): void {
  record.status = answer.statusCode ?? 502;
  const headers = endToEnd(answer.headers);
  delete headers['transfer-encoding'];
  headers['content-length'] = String(body.length);
  res.writeHead(record.status, answer.statusMessage ?? '', headers);
  res.end(body);
}

/**
 * Sends the request upstream (the gardened body when there is one), then calls `afterSent`;
 * undefined when it could not be (the client got an error or left).
 */
async function forward(
  options: ProxyServerOptions,
  { req, res, record, upstreamHasIt }: Exchange,
  { gardened, afterSent }: { gardened: GardenedRequest | undefined; afterSent: () => void },
): Promise<IncomingMessage | undefined> {
  const from = performance.now();
  const controller = new AbortController();
  res.on('close', () => {
    if (res.writableFinished) return;
    record.aborted = true;
    controller.abort();
  });
  try {
    return await sendUpstream({
      upstream: options.upstream,
      method: record.method,
      path: record.path,
      headers: req.headers,
      ...(gardened ? { body: gardened.body, identity: true } : { stream: req }),
      signal: controller.signal,
      ...(options.upstreamIdleMs ? { idleMs: options.upstreamIdleMs } : {}),
      // Store the request's new blocks while the model thinks: done before its first byte, as a rule.
      onSent: () => {
        upstreamHasIt();
        if (gardened) sent(options, record, gardened, from);
        afterSent();
      },
    });
  } catch (error) {
    if (gardened) {
      options.gardener.settle(gardened);
      options.gardener.done(gardened);
    }
    if (record.aborted) return undefined;
    record.status = error instanceof UpstreamSilent ? 504 : 502;
    const why = error instanceof Error ? error.message : String(error);
    sendError(
      res,
      record.status,
      'api_error',
      `gardener proxy: upstream ${options.upstream.origin} failed: ${why}`,
    );
    return undefined;
  }
}

/** The whole body is upstream (since `from`): the record's send phase ends, and the request's new blocks settle. */
function sent(
  options: ProxyServerOptions,
  record: RequestRecord,
  gardened: GardenedRequest,
  from: number,
): void {
  if (record.phases) record.phases.send = performance.now() - from;
  options.gardener.settle(gardened);
}

/** Streams the answer to the client as it comes; once it ended, tells gardening the usage it read. */
async function relay(
  options: ProxyServerOptions,
  answer: IncomingMessage,
  res: ServerResponse,
  record: RequestRecord,
  gardened: GardenedRequest | undefined,
): Promise<void> {
  record.status = answer.statusCode ?? 502;
  res.writeHead(record.status, answer.statusMessage ?? '', endToEnd(answer.headers));
  const usage = usageTap(answer, record.kind === 'messages' && record.status === 200);
  answer.pipe(res);
  // An upstream that stops mid-answer: the client's connection is cut too, as the upstream's was.
  answer.on('close', () => {
    if (!answer.complete) res.destroy();
  });
  await new Promise<void>((resolve) => {
    res.on('finish', resolve);
    res.on('close', resolve);
    answer.on('error', resolve);
  });
  if (!gardened) return;
  const seen = usage();
  if (seen) record.usage = seen;
  const answered = res.writableFinished ? seen : undefined;
  options.gardener.done(gardened, answered);
  // The cache model's bill, made when the request went out, counts for an answered request only.
  const modelled = answered ? await gardened.priced : undefined;
  if (modelled) record.modelled = modelled;
}

/** Reads usage from an answer as it passes (SSE events, or the whole JSON body). */
function usageTap(answer: IncomingMessage, wanted: boolean): () => Usage | undefined {
  if (!wanted || (answer.headers['content-encoding'] ?? 'identity') !== 'identity') return () => undefined;
  if (String(answer.headers['content-type'] ?? '').startsWith('text/event-stream')) {
    const reader = createSseUsageReader();
    answer.on('data', (chunk: Buffer) => reader.feed(chunk));
    return () => reader.usage();
  }
  const chunks: Buffer[] = [];
  let size = 0;
  answer.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size <= MAX_JSON_ANSWER_BYTES) chunks.push(chunk);
  });
  return () => (size <= MAX_JSON_ANSWER_BYTES ? jsonUsage(Buffer.concat(chunks)) : undefined);
}

/** An error in the Messages API's own shape, so clients show it as they show the API's. */
function sendError(res: ServerResponse, status: number, type: string, message: string): void {
  const body = JSON.stringify({ type: 'error', error: { type, message } });
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}
