import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { debug } from '../debug.js';
import type { SessionTally } from './tally.js';

/**
 * Live pressure for Claude Code's status line: the proxy writes one small JSON file per client
 * session next to the store (a file, not the store: no write lock on the request path, and
 * `gardener statusline` runs every few hundred milliseconds).
 */
export const LIVE_DIR = 'proxy-live';

/** What the status line reads. */
export interface LiveFigures {
  clientSession: string;
  /** The store's session name of the conversation shown (the client session's largest). */
  session: string;
  project: string | undefined;
  requests: number;
  events: number;
  rawTokens: number;
  sentTokens: number;
  providerTokens: number | undefined;
  budget: number | undefined;
  tokensSaved: number;
  costSent: number;
  costRaw: number;
  updatedAt: number;
}

const SAFE_NAME = /^[\w.-]{1,128}$/;

export function liveFile(storePath: string, clientSession: string): string | undefined {
  if (!SAFE_NAME.test(clientSession)) return undefined;
  return join(dirname(storePath), LIVE_DIR, `${clientSession}.json`);
}

export function liveFigures(row: SessionTally & { clientSession: string }): LiveFigures {
  return {
    clientSession: row.clientSession,
    session: row.session,
    project: row.project,
    requests: row.requests,
    events: row.events,
    rawTokens: row.rawTokens,
    sentTokens: row.sentTokens,
    providerTokens: row.providerTokens,
    budget: row.budget,
    tokensSaved: row.tokensSaved,
    costSent: row.costSent,
    costRaw: row.costRaw,
    updatedAt: row.updatedAt,
  };
}

/** Writes a client session's figures (whole file or nothing); failures go to the debug log only. */
export async function writeLive(storePath: string, figures: LiveFigures): Promise<void> {
  const file = liveFile(storePath, figures.clientSession);
  if (!file) return;
  try {
    await mkdir(dirname(file), { recursive: true });
    const temp = `${file}.${process.pid}.tmp`;
    await writeFile(temp, JSON.stringify(figures));
    await rename(temp, file);
  } catch (error) {
    debug('proxy', 'live figures not written', { file, error: String(error) });
  }
}

export async function readLive(storePath: string, clientSession: string): Promise<LiveFigures | undefined> {
  const file = liveFile(storePath, clientSession);
  if (!file) return undefined;
  try {
    return JSON.parse(await readFile(file, 'utf8')) as LiveFigures;
  } catch {
    return undefined;
  }
}
