import { APIConnectionError, APIError, APIUserAbortError } from '@anthropic-ai/sdk';
import { GardenerError } from '../../../errors.js';

/** `silent`: the stream sent nothing for the idle limit (src/doors/kit/provider/idle.ts). */
export type ProviderErrorKind = 'api' | 'overflow' | 'connection' | 'silent' | 'aborted';

interface ProviderErrorFields {
  kind: ProviderErrorKind;
  status?: number;
  /** The API's error type, e.g. `rate_limit_error`. */
  type?: string;
  requestId?: string;
  /** Overflow figures from "prompt is too long: N tokens > M maximum". */
  tokens?: number;
  maximum?: number;
  /** Response headers that matter for retries: `retry-after`, `retry-after-ms`. */
  retryAfterMs?: number;
  cause?: unknown;
}

/** A failed provider call: code PROVIDER_OVERFLOW (with the figures) for a too-long prompt, else PROVIDER. */
export class ProviderError extends GardenerError {
  readonly kind: ProviderErrorKind;
  readonly status: number | undefined;
  readonly type: string | undefined;
  readonly requestId: string | undefined;
  readonly tokens: number | undefined;
  readonly maximum: number | undefined;
  readonly retryAfterMs: number | undefined;

  constructor(message: string, fields: ProviderErrorFields, hint?: string) {
    const options = hint === undefined ? { cause: fields.cause } : { cause: fields.cause, hint };
    super(fields.kind === 'overflow' ? 'PROVIDER_OVERFLOW' : 'PROVIDER', message, options);
    this.name = 'ProviderError';
    this.kind = fields.kind;
    this.status = fields.status;
    this.type = fields.type;
    this.requestId = fields.requestId;
    this.tokens = fields.tokens;
    this.maximum = fields.maximum;
    this.retryAfterMs = fields.retryAfterMs;
  }
}

const OVERFLOW = /prompt is too long:\s*(\d+)\s*tokens?\s*>\s*(\d+)(?:\s*maximum)?/i;

/** The figures of a "prompt is too long" message, if it is one. */
export function parseOverflow(message: string): { tokens: number; maximum: number } | undefined {
  const match = OVERFLOW.exec(message);
  return match ? { tokens: Number(match[1]), maximum: Number(match[2]) } : undefined;
}

/** Delay the server asked for: `retry-after-ms`, else `retry-after` in seconds or as an HTTP date. */
export function retryAfterMs(headers: Headers | undefined, now = Date.now()): number | undefined {
  const ms = Number(headers?.get('retry-after-ms') ?? NaN);
  if (Number.isFinite(ms) && ms >= 0) return ms;
  const value = headers?.get('retry-after');
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

type StatusError = APIError<number, Headers | undefined, object | undefined>;

function apiMessage(error: StatusError): { type?: string; message: string } {
  const body = error.error as { error?: { type?: unknown; message?: unknown } } | undefined;
  const inner = body?.error;
  const message = typeof inner?.message === 'string' ? inner.message : error.message;
  return typeof inner?.type === 'string' ? { type: inner.type, message } : { message };
}

/** Turns whatever the SDK or the stream threw into a ProviderError. */
export function toProviderError(error: unknown, signal?: AbortSignal): ProviderError {
  if (error instanceof APIUserAbortError || signal?.aborted)
    return error instanceof ProviderError && error.kind === 'aborted'
      ? error
      : new ProviderError('the request was interrupted', { kind: 'aborted', cause: error });
  if (error instanceof ProviderError) return error;
  if (error instanceof APIConnectionError)
    return new ProviderError(`cannot reach the model provider: ${error.message}`, {
      kind: 'connection',
      cause: error,
    });
  if (error instanceof APIError && typeof error.status === 'number') {
    const failed = error as StatusError;
    const { type, message } = apiMessage(failed);
    const fields: ProviderErrorFields = { kind: 'api', status: failed.status, cause: error };
    if (type) fields.type = type;
    if (failed.requestID) fields.requestId = failed.requestID;
    const wait = retryAfterMs(failed.headers);
    if (wait !== undefined) fields.retryAfterMs = wait;
    const overflow = failed.status === 400 ? parseOverflow(message) : undefined;
    const where = `${failed.status}${type ? ` ${type}` : ''}${fields.requestId ? `, request ${fields.requestId}` : ''}`;
    if (overflow)
      return new ProviderError(
        `the prompt is too long for the model: ${overflow.tokens} tokens > ${overflow.maximum} maximum (${where})`,
        { ...fields, kind: 'overflow', ...overflow },
      );
    return new ProviderError(`the model provider answered ${where}: ${message}`, fields);
  }
  const text = error instanceof Error ? error.message : String(error);
  if (isNetworkError(error))
    return new ProviderError(`the connection to the model provider failed: ${text}`, {
      kind: 'connection',
      cause: error,
    });
  return new ProviderError(`the model provider's answer could not be read: ${text}`, {
    kind: 'api',
    cause: error,
  });
}

const NETWORK =
  /terminated|socket|ECONNRESET|ECONNREFUSED|EPIPE|ETIMEDOUT|other side closed|premature close|fetch failed|network/i;

/** A stream cut mid-way surfaces as a plain Error from fetch/undici ("terminated", its cause ECONNRESET…). */
function isNetworkError(error: unknown): boolean {
  for (
    let current = error, depth = 0;
    current instanceof Error && depth < 4;
    current = current.cause, depth++
  ) {
    const code = (current as Error & { code?: unknown }).code;
    if (NETWORK.test(current.message) || (typeof code === 'string' && NETWORK.test(code))) return true;
  }
  return false;
}
