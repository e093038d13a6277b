import { statSync } from 'node:fs';
import type Database from 'better-sqlite3';
import type { ContentClass } from '../classify/index.js';
import type { Scope, StoreStats } from './types.js';

/** An entry below this priority is a candidate for eviction… */
export const EVICTION_PRIORITY = 50;
/** …when its summary is at most this share of its original. */
export const EVICTION_RATIO = 0.5;

interface ClassRow {
  class: ContentClass;
  count: number;
  tokens_original: number;
  tokens_summary: number;
  redactions: number;
  candidates: number;
}

/** Size on disk of the database and its write-ahead log (0 for an in-memory store). */
export function databaseBytes(path: string): number {
  let total = 0;
  for (const file of [path, `${path}-wal`]) {
    try {
      total += statSync(file).size;
    } catch {
      // Absent: an in-memory store, or no WAL yet.
    }
  }
  return total;
}

/**
 * Counts of active entries by class, for the whole database, one project, or one session
 * (entries a session's blocks point to, deduplicated ones included).
 */
export function storeStats(db: Database.Database, path: string, scope: Partial<Scope> = {}): StoreStats {
  const where: string[] = ['e.active = 1'];
  const params: Record<string, string> = {};
  if (scope.project !== undefined) {
    where.push('e.project_id = (SELECT id FROM projects WHERE name = @project)');
    params['project'] = scope.project;
  }
  if (scope.session !== undefined) {
    const inProject =
      scope.project !== undefined ? 'AND s.project_id = (SELECT id FROM projects WHERE name = @project)' : '';
    where.push(
      `e.seq IN (SELECT b.entry_seq FROM blocks b JOIN sessions s ON s.id = b.session_id WHERE s.name = @session ${inProject})`,
    );
    params['session'] = scope.session;
  }
  const rows = db
    .prepare<Record<string, string>, ClassRow>(
      `SELECT e.class, count(*) AS count, sum(e.tokens_original) AS tokens_original, sum(e.tokens_summary) AS tokens_summary,
              sum(e.redactions) AS redactions,
              sum(e.priority < ${EVICTION_PRIORITY} AND e.tokens_summary <= e.tokens_original * ${EVICTION_RATIO}) AS candidates
       FROM entries e WHERE ${where.join(' AND ')} GROUP BY e.class ORDER BY e.class`,
    )
    .all(params);
  const noteWhere =
    scope.project !== undefined ? 'AND project_id = (SELECT id FROM projects WHERE name = @project)' : '';
  const noteParams: Record<string, string> = scope.project !== undefined ? { project: scope.project } : {};
  const notes = db
    .prepare<Record<string, string>, { n: number; r: number | null }>(
      `SELECT count(*) AS n, sum(redactions) AS r FROM notes WHERE active = 1 ${noteWhere}`,
    )
    .get(noteParams) ?? { n: 0, r: 0 };

  const stats: StoreStats = {
    entries: 0,
    byClass: {},
    tokensOriginal: 0,
    tokensSummary: 0,
    notes: notes.n,
    databaseBytes: databaseBytes(path),
    redactions: notes.r ?? 0,
    evictionCandidates: 0,
  };
  for (const row of rows) {
    stats.byClass[row.class] = {
      count: row.count,
      tokensOriginal: row.tokens_original,
      tokensSummary: row.tokens_summary,
    };
    stats.entries += row.count;
    stats.tokensOriginal += row.tokens_original;
    stats.tokensSummary += row.tokens_summary;
    stats.redactions += row.redactions;
    stats.evictionCandidates = (stats.evictionCandidates ?? 0) + row.candidates;
  }
  return stats;
}
