import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { debug } from '../../debug.js';
import { change, compact, count } from '../../core/format/index.js';

/**
 * Live pressure for Claude Code's status line: the proxy writes one small JSON file per client
 * session next to the store (a file, not the store: no write lock on the request path, and
 * `gardener statusline` runs every few hundred milliseconds).
 */
export const LIVE_DIR = 'proxy-live';

/** Fields of a conversation's tally the status line reads. */
const LIVE_FIELDS = [
  'session',
  'project',
  'requests',
  'events',
  'rawTokens',
  'sentTokens',
  'providerTokens',
  'budget',
  'tokensSaved',
  'costSent',
  'costRaw',
  'updatedAt',
] as const;

/** What the status line reads: the client session and its largest conversation's figures (the proxy's tally). */
export interface LiveFigures {
  clientSession: string;
  session: string;
  project: string | undefined;
  requests: number;
  events: number;
  rawTokens: number;
  sentTokens: number;
  providerTokens: number | undefined;
  budget: number | undefined;
  tokensSaved: number;
  /** Input cost in input-token units, as paid and unmanaged. */
  costSent: number;
  costRaw: number;
  updatedAt: number;
}

const SAFE_NAME = /^[\w.-]{1,128}$/;

export function liveFile(storePath: string, clientSession: string): string | undefined {
  if (!SAFE_NAME.test(clientSession)) return undefined;
  return join(dirname(storePath), LIVE_DIR, `${clientSession}.json`);
}

export function liveFigures(row: LiveFigures): LiveFigures {
  const figures = { clientSession: row.clientSession } as LiveFigures;
  for (const field of LIVE_FIELDS) Object.assign(figures, { [field]: row[field] });
  return figures;
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

/** The status line: pressure of the session, events, and what it saved. */
export function statusText(figures: LiveFigures): string {
  const tokens = figures.providerTokens ?? figures.sentTokens;
  const pressure = figures.budget
    ? ` ${Math.round((tokens / figures.budget) * 100)}% of ${compact(figures.budget)}`
    : '';
  const parts = [`gardener${pressure}`, `${compact(tokens)} tok in context`];
  if (figures.rawTokens > tokens) parts.push(`raw ${compact(figures.rawTokens)}`);
  parts.push(count(figures.events, 'event'));
  if (figures.costRaw > 0) parts.push(`cost ${change(figures.costRaw, figures.costSent)}`);
  return parts.join(' · ');
}
