import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * The live figures `gardener proxy` writes per Claude Code session beside the store
 * (`proxy-live/<session id>.json`, see src/proxy/live.ts on the proxy branch): when the proxy serves
 * this session, context_pressure reports what it actually sends, not only what the hooks stored.
 */
export interface LivePressure {
  requests: number;
  events: number;
  rawTokens: number;
  sentTokens: number;
  providerTokens?: number;
  budget?: number;
  tokensSaved: number;
  updatedAt: number;
}

const SAFE_NAME = /^[\w.-]{1,128}$/;
/** Figures older than this belong to a proxy that has stopped serving the session. */
export const LIVE_MAX_AGE_MS = 30 * 60_000;

export function readLivePressure(
  storePath: string,
  session: string,
  now = Date.now(),
): LivePressure | undefined {
  if (!SAFE_NAME.test(session)) return undefined;
  try {
    const value = JSON.parse(
      readFileSync(join(dirname(storePath), 'proxy-live', `${session}.json`), 'utf8'),
    ) as Partial<LivePressure>;
    if (typeof value.updatedAt !== 'number' || now - value.updatedAt > LIVE_MAX_AGE_MS) return undefined;
    if (typeof value.sentTokens !== 'number' || typeof value.rawTokens !== 'number') return undefined;
    return value as LivePressure;
  } catch {
    return undefined;
  }
}
