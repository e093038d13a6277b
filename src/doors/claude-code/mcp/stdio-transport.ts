import type { Readable, Writable } from 'node:stream';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { JSONRPCMessageSchema, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { createIdScanner, type IdScanner } from './request-id.js';

/** Longest JSON-RPC line read (bytes); a longer one is skipped and answered with an error. */
export const MAX_LINE_BYTES = 8 * 1024 * 1024;
/** JSON-RPC 2.0: the line is not JSON. */
const PARSE_ERROR = -32700;
/**
 * JSON-RPC 2.0: JSON, but not a request, notification or response (or too large to read). Its reply
 * names the request's id when it can be found, else null (the spec's rule when it cannot).
 */
const INVALID_REQUEST = -32600;

type Problem = (message: string) => void;

/** The transport, and a promise of the moment no request read is left unanswered. */
export interface StdioTransport extends Transport {
  idle(): Promise<void>;
}

/**
 * The MCP stdio transport, newline-delimited JSON-RPC, that stays up on bad input: a line that is
 * not JSON gets a -32700 reply, one that is not a JSON-RPC message a -32600, and one longer than
 * MAX_LINE_BYTES is skipped (never held in memory) and answered with a -32600 naming its id. Each is reported
 * to `problem` (the log beside the database). The SDK's own transport closes on an over-long line
 * and answers nothing to a malformed one.
 */
export function createStdioTransport(stdin: Readable, stdout: Writable, problem: Problem): StdioTransport {
  const reader = lineReader(
    (line) => receive(line),
    (bytes, id) => tooLong(bytes, id),
  );
  const inFlight = new Set<string | number>();
  let whenIdle: Array<() => void> = [];
  const settle = () => {
    if (inFlight.size > 0) return;
    for (const resolve of whenIdle) resolve();
    whenIdle = [];
  };
  const transport: StdioTransport = {
    start: () => {
      stdin.on('data', reader.push);
      stdin.on('end', reader.flush);
      stdin.on('error', onError);
      return Promise.resolve();
    },
    send: async (message) => {
      await write(stdout, message);
      if (!('method' in message) && 'id' in message && message.id !== undefined) {
        inFlight.delete(message.id);
        settle();
      }
    },
    idle: () =>
      new Promise((resolve) => {
        whenIdle.push(resolve);
        settle();
      }),
    close: () => {
      stdin.off('data', reader.push);
      stdin.off('end', reader.flush);
      stdin.off('error', onError);
      transport.onclose?.();
      return Promise.resolve();
    },
  };
  const onError = (error: Error) => transport.onerror?.(error);
  const reply = (id: string | number | null, code: number, message: string) => {
    problem(message);
    void write(stdout, { jsonrpc: '2.0', id, error: { code, message } } as unknown as JSONRPCMessage);
  };
  const tooLong = (bytes: number, id: string | number | null) =>
    reply(id, INVALID_REQUEST, `message too large: ${bytes} bytes (at most ${MAX_LINE_BYTES})`);
  const receive = (line: string) => {
    if (line.trim() === '') return;
    let json: unknown;
    try {
      json = JSON.parse(line);
    } catch (error) {
      reply(null, PARSE_ERROR, `parse error: ${(error as Error).message}`);
      return;
    }
    const parsed = JSONRPCMessageSchema.safeParse(json);
    if (parsed.success) {
      if ('method' in parsed.data && 'id' in parsed.data) inFlight.add(parsed.data.id);
      transport.onmessage?.(parsed.data);
    } else reply(idOf(json), INVALID_REQUEST, 'invalid request: not a JSON-RPC 2.0 message');
  };
  return transport;
}

function idOf(json: unknown): string | number | null {
  if (json === null || typeof json !== 'object' || !('id' in json)) return null;
  const id = json.id;
  return typeof id === 'string' || typeof id === 'number' ? id : null;
}

function write(stdout: Writable, message: JSONRPCMessage): Promise<void> {
  return new Promise((resolve) => {
    if (stdout.write(`${JSON.stringify(message)}\n`)) resolve();
    else stdout.once('drain', resolve);
  });
}

/**
 * `push` (a `data` listener) calls `line` with each complete line, and `tooLong` (with the line's
 * size and its request's id, when it can be found) instead for a line over MAX_LINE_BYTES, whose
 * bytes are dropped as they arrive; `flush` (at the end of input) does the same for a last line
 * with no newline.
 */
function lineReader(
  line: (text: string) => void,
  tooLong: (bytes: number, id: string | number | null) => void,
) {
  let parts: Buffer[] = [];
  let size = 0;
  /** Set while a line over MAX_LINE_BYTES is skipped: it reads the line's id as the bytes pass. */
  let skipping: IdScanner | undefined;
  const flush = (): void => {
    if (skipping) tooLong(size, skipping.id());
    else if (size > 0) line(Buffer.concat(parts).toString('utf8').replace(/\r$/, ''));
    parts = [];
    size = 0;
    skipping = undefined;
  };
  const push = (chunk: Buffer | string): void => {
    let data = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    for (;;) {
      const newline = data.indexOf(0x0a);
      const piece = newline === -1 ? data : data.subarray(0, newline);
      size += piece.length;
      if (!skipping && size > MAX_LINE_BYTES) {
        skipping = createIdScanner();
        for (const part of parts) skipping.push(part);
        parts = [];
      }
      if (skipping) skipping.push(piece);
      else parts.push(piece);
      if (newline === -1) return;
      flush();
      data = data.subarray(newline + 1);
    }
  };
  return { push, flush };
}
