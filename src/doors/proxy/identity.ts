import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

/** Who sent a request: the session it belongs to and where the client works. */
export interface ClientIdentity {
  /** The client's own session id (Claude Code sends one), when known. */
  clientSession: string | undefined;
  /**
   * The store's session name for this conversation: the client's session id and a fingerprint of the
   * conversation's first message (a client session may hold several conversations: subagents, side
   * calls), or for clients without a session id, a fingerprint of the system prompt and first message.
   */
  session: string;
  /** Fingerprint of the conversation's first user message (what a count_tokens body shares with it). */
  conversation: string;
  /** The working directory the client's system prompt states, when it does. */
  cwd: string | undefined;
}

/** Hex characters of a conversation fingerprint. */
const FINGERPRINT_LENGTH = 10;
/** Claude Code's header carrying its session id. */
const SESSION_HEADER = 'x-claude-code-session-id';
/** Claude Code's environment section: ` - Primary working directory: /path` (older: `Working directory: /path`). */
const CWD_LINE = /^[ \t-]*(?:Primary working directory|Working directory):[ \t]*(\S[^\n]*?)[ \t]*$/m;
/** Claude Code's older `metadata.user_id`: `user_<hash>_account_<uuid>_session_<uuid>`. */
const LEGACY_USER_ID = /_session_([0-9a-fA-F-]{8,})$/;

type Json = Record<string, unknown>;

/** The identity of one Messages API request body. */
export function identify(body: Json, headers: IncomingHttpHeaders): ClientIdentity {
  const clientSession = clientSessionId(body, headers);
  const first = firstUserContent(body['messages']);
  const conversation = fingerprint(stable(first));
  const session = clientSession
    ? `${clientSession}~${conversation}`
    : `anon-${fingerprint(`${stable(body['system'])}\n${stable(first)}`)}`;
  return { clientSession, session, conversation, cwd: statedCwd(body['system']) };
}

/** Claude Code's session id: `metadata.user_id` (JSON with `session_id`, or the older string form), else its header. */
export function clientSessionId(body: Json, headers: IncomingHttpHeaders): string | undefined {
  const metadata = body['metadata'];
  const userId = isObject(metadata) ? metadata['user_id'] : undefined;
  if (typeof userId === 'string') {
    const fromJson = jsonSessionId(userId);
    if (fromJson) return fromJson;
    const legacy = LEGACY_USER_ID.exec(userId);
    if (legacy?.[1]) return legacy[1];
  }
  const header = headers[SESSION_HEADER];
  const value = Array.isArray(header) ? header[0] : header;
  return value && /^[\w.-]{1,128}$/.test(value) ? value : undefined;
}

/** The working directory a system prompt states. */
export function statedCwd(system: unknown): string | undefined {
  const texts =
    typeof system === 'string'
      ? [system]
      : Array.isArray(system)
        ? system.map((b: unknown) => (isObject(b) && typeof b['text'] === 'string' ? b['text'] : ''))
        : [];
  for (const text of texts) {
    const match = CWD_LINE.exec(text);
    if (match?.[1]) return match[1];
  }
  return undefined;
}

function jsonSessionId(userId: string): string | undefined {
  if (!userId.startsWith('{')) return undefined;
  try {
    const parsed = JSON.parse(userId) as unknown;
    const id = isObject(parsed) ? parsed['session_id'] : undefined;
    return typeof id === 'string' && id !== '' ? id : undefined;
  } catch {
    return undefined;
  }
}

function firstUserContent(messages: unknown): unknown {
  if (!Array.isArray(messages)) return undefined;
  const first = messages.find((m: unknown) => isObject(m) && m['role'] === 'user') as Json | undefined;
  return first?.['content'];
}

/** JSON without cache_control: a client moves its breakpoints from call to call. */
function stable(value: unknown): string {
  return JSON.stringify(value ?? null, (key, v: unknown) => (key === 'cache_control' ? undefined : v));
}

function fingerprint(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, FINGERPRINT_LENGTH);
}

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
