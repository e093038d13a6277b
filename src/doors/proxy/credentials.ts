import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { createLru } from '../../core/lru/index.js';

/** Credentials remembered as accepted (a proxy serves one user; a few keys at most). */
const REMEMBERED = 64;

/**
 * Which credentials the upstream has accepted, so that only their requests are gardened and stored:
 * a request whose key the upstream may still refuse goes out as it came and nothing of it is kept.
 * Credentials are held as hashes of the `x-api-key` and `authorization` headers, never as sent.
 */
export interface CredentialGate {
  /** The request's credentials, as the gate knows them. */
  key(headers: IncomingHttpHeaders): string;
  /** The upstream accepted these credentials before (and has not refused them since). */
  accepted(key: string): boolean;
  /** What an answer says of the credentials it was sent with. */
  learn(key: string, status: number): void;
}

/**
 * Whether an answer's status shows the upstream took the credentials: it checks them before the
 * body, so any answer of its own but 401 and 403 does (a 400 or a 429 too); a 5xx may come from a
 * gateway before any check, and says nothing.
 */
function credentialsAccepted(status: number): boolean | undefined {
  if (status === 401 || status === 403) return false;
  if (status >= 200 && status < 500) return true;
  return undefined;
}

export function createCredentialGate(): CredentialGate {
  const accepted = createLru<string, true>({ maxEntries: REMEMBERED });
  return {
    key(headers) {
      const hash = createHash('sha256');
      for (const name of ['x-api-key', 'authorization'] as const)
        hash.update(`${name}\0${String(headers[name] ?? '')}\0`);
      return hash.digest('hex');
    },
    accepted: (key) => accepted.has(key),
    learn(key, status) {
      const verdict = credentialsAccepted(status);
      if (verdict === false) accepted.delete(key);
      if (verdict === true) accepted.set(key, true);
    },
  };
}
