import { readFileSync } from 'node:fs';
import { liveFile, type LiveFigures } from '../../kit/live.js';

/**
 * The live figures `gardener proxy` writes per Claude Code session beside the store
 * (src/doors/kit/live.ts): when the proxy serves this session, context_pressure reports what it actually
 * sends, not only what the hooks stored.
 */

/** Figures older than this belong to a proxy that has stopped serving the session. */
export const LIVE_MAX_AGE_MS = 30 * 60_000;

export function readLivePressure(
  storePath: string,
  session: string,
  now = Date.now(),
): LiveFigures | undefined {
  const file = liveFile(storePath, session);
  if (!file) return undefined;
  try {
    const value = JSON.parse(readFileSync(file, 'utf8')) as Partial<LiveFigures>;
    if (typeof value.updatedAt !== 'number' || now - value.updatedAt > LIVE_MAX_AGE_MS) return undefined;
    if (typeof value.sentTokens !== 'number' || typeof value.rawTokens !== 'number') return undefined;
    return value as LiveFigures;
  } catch {
    return undefined;
  }
}
