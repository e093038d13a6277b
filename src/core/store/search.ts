import type Database from 'better-sqlite3';
import type { ContentClass } from '../classify/index.js';
import { anyOf, ftsString } from './fts.js';
import { PACKED_ORIGINAL, PACKED_SUMMARY, unpack } from './packing.js';

/** Where a search looks: projects by id, optionally one session, optionally some classes. */
export interface SearchScope {
  projectIds: number[];
  /** Only entries a block of this session points to. */
  sessionId?: number;
  classes?: readonly ContentClass[];
  /** The session asking: its entries are marked (`inSession`), the others still found. */
  current?: number;
}

/** Entry metadata for ranking (the texts are loaded later, for the winners only). */
export interface Candidate {
  seq: number;
  id: string;
  class: ContentClass;
  kind: 'text' | 'media';
  sourceTool: string | null;
  sourcePath: string | null;
  priority: number;
  createdAt: number;
  lastAccess: number;
  /** Names the original holds (files, tests, errors…); null for entries stored before they were counted. */
  names: number | null;
  /** A call produced the text (1), none did (0); null for entries stored before this was kept. */
  fromCall: number | null;
  /** The first line of the call that produced it (schema 5); null when none did, or stored before. */
  callLine: string | null;
  /** bm25 (negative; lower is better); 0 when not ranked by text. */
  rank: number;
  /** A block of the scope's current session points to it (1), or none does (0). */
  inSession: number;
}

export interface NoteCandidate {
  seq: number;
  id: string;
  text: string;
  tags: string;
  createdAt: number;
  rank: number;
}

export interface Coverage {
  count: number;
  from: number | null;
  to: number | null;
}

/** Columns searched for query words (the `scope` column only filters). */
const ENTRY_TEXT_COLUMNS = ['original', 'summary', 'source_path', 'terms'];
/** The column of an entry's extra index words: camelCase parts, name and folder keys, its call. */
const ENTRY_KEY_COLUMNS = ['terms'];
const NOTE_TEXT_COLUMNS = ['text', 'tags', 'terms'];
/** bm25 weights: original, summary (mostly repeats the original), path, camelCase parts, scope. */
const ENTRY_BM25 = 'bm25(entries_fts, 1.0, 0.5, 2.5, 0.5, 0.0)';
const NOTE_BM25 = 'bm25(notes_fts, 1.0, 1.5, 0.5, 0.0)';

const CANDIDATE_COLUMNS = `seq, id, class, kind, source_tool AS sourceTool, source_path AS sourcePath, priority,
  created_at AS createdAt, last_access AS lastAccess, names, from_call AS fromCall,
  call_line AS callLine`;
const LIVE = 'active = 1 AND (expires_at IS NULL OR expires_at > @now)';
const IN_SESSION = 'seq IN (SELECT entry_seq FROM blocks WHERE session_id = @session)';
const IN_CLASSES = 'class IN (SELECT value FROM json_each(@classes))';

/** The FTS expression restricting matches to the scope's projects (and classes). */
export function scopeFilter(scope: SearchScope): string {
  let filter = `{scope} : (${scope.projectIds.map((id) => ftsString(`p${id}`)).join(' OR ')})`;
  if (scope.classes && scope.classes.length > 0)
    filter += ` AND {scope} : (${scope.classes.map((c) => ftsString(`c${c}`)).join(' OR ')})`;
  return filter;
}

/** Index keys (folder or name keys, store/folders.ts and terms.ts) an entry holds and does not hold. */
export interface KeyMatch {
  any: readonly string[];
  none: readonly string[];
}

export interface Search {
  entries(items: readonly string[], scope: SearchScope, now: number, limit: number): Candidate[];
  /** Entries holding any of `keys.any` and none of `keys.none` in their index keys, fewest words first. */
  byKeys(keys: KeyMatch, scope: SearchScope, now: number, limit: number): Candidate[];
  /** Entries whose recall hint has this key (hint-key.ts), the asking session's first, then the latest used. */
  byHint(key: string, scope: SearchScope, now: number, limit: number): Candidate[];
  notes(items: readonly string[], projectIds: readonly number[], limit: number): NoteCandidate[];
  /** Active entries in scope and their time range (entries past their TTL not yet swept count too). */
  coverage(scope: SearchScope): Coverage;
  texts(seqs: readonly number[]): Map<number, { original: string; summary: string }>;
  touch(seqs: readonly number[], now: number): void;
}

type Prepared = <Row>(sql: string) => Database.Statement<Record<string, unknown>, Row>;

/** Prepares each distinct SQL text once (the WHERE of a scope varies with its filters). */
function statementCache(db: Database.Database): Prepared {
  const cache = new Map<string, Database.Statement<Record<string, unknown>, unknown>>();
  return <Row>(sql: string): Database.Statement<Record<string, unknown>, Row> => {
    let statement = cache.get(sql);
    if (!statement) {
      statement = db.prepare<Record<string, unknown>, unknown>(sql);
      cache.set(sql, statement);
    }
    return statement as Database.Statement<Record<string, unknown>, Row>;
  };
}

/** The WHERE clause over `entries` (and its parameters) that keeps the active entries of a scope. */
function scopeWhere(scope: SearchScope): { sql: string; params: Record<string, unknown> } {
  const clauses = ['project_id IN (SELECT value FROM json_each(@projects))', 'active = 1'];
  const params: Record<string, unknown> = { projects: JSON.stringify(scope.projectIds) };
  if (scope.classes && scope.classes.length > 0) {
    clauses.push(IN_CLASSES);
    params['classes'] = JSON.stringify(scope.classes);
  }
  if (scope.sessionId !== undefined) {
    clauses.push(IN_SESSION);
    params['session'] = scope.sessionId;
  }
  return { sql: clauses.join(' AND '), params };
}

/** Ranks entries by an FTS expression over the index, then reads their metadata. */
function makeCandidates(
  db: Database.Database,
): (expression: string, scope: SearchScope, now: number, limit: number) => Candidate[] {
  const match = (session: boolean) =>
    db.prepare<Record<string, unknown>, { seq: number; rank: number }>(
      `SELECT rowid AS seq, ${ENTRY_BM25} AS rank FROM entries_fts WHERE entries_fts MATCH @match
       ${session ? 'AND rowid IN (SELECT entry_seq FROM blocks WHERE session_id = @session)' : ''}
       ORDER BY rank LIMIT @limit`,
    );
  const matchAll = match(false);
  const matchSession = match(true);
  const details = db.prepare<Record<string, unknown>, Omit<Candidate, 'rank'>>(
    `SELECT ${CANDIDATE_COLUMNS},
       EXISTS (SELECT 1 FROM blocks b WHERE b.entry_seq = entries.seq AND b.session_id = @current) AS inSession
     FROM entries WHERE seq IN (SELECT value FROM json_each(@seqs)) AND ${LIVE}`,
  );
  return (expression, scope, now, limit) => {
    const statement = scope.sessionId === undefined ? matchAll : matchSession;
    const ranked = statement.all({ match: expression, session: scope.sessionId, limit });
    if (ranked.length === 0) return [];
    const rankOf = new Map(ranked.map((r) => [r.seq, r.rank]));
    const rows = details.all({
      seqs: JSON.stringify(ranked.map((r) => r.seq)),
      now,
      current: scope.current ?? null,
    });
    return rows
      .map((row) => ({ ...row, rank: rankOf.get(row.seq) ?? 0 }))
      .sort((a, b) => a.rank - b.rank || b.seq - a.seq);
  };
}

/** Prepared queries of recall over one database. `items` are FTS strings: words or phrases. */
export function makeSearch(db: Database.Database): Search {
  const noteMatch = db.prepare<Record<string, unknown>, NoteCandidate>(
    `SELECT n.seq, n.id, n.text, n.tags, n.created_at AS createdAt, ${NOTE_BM25} AS rank
     FROM notes_fts JOIN notes n ON n.seq = notes_fts.rowid WHERE notes_fts MATCH @match ORDER BY rank LIMIT @limit`,
  );
  const textsOf = db.prepare<
    [string],
    { seq: number; original: string | Buffer; summary: string | Buffer; packing: number }
  >('SELECT seq, original, summary, packing FROM entries WHERE seq IN (SELECT value FROM json_each(?))');
  const touchAll = db.prepare<[number, string]>(
    'UPDATE entries SET last_access = max(last_access, ?) WHERE seq IN (SELECT value FROM json_each(?))',
  );

  const prepared = statementCache(db);
  const candidates = makeCandidates(db);

  return {
    entries(items, scope, now, limit) {
      if (items.length === 0 || scope.projectIds.length === 0) return [];
      return candidates(`${scopeFilter(scope)} AND ${anyOf(ENTRY_TEXT_COLUMNS, items)}`, scope, now, limit);
    },
    byKeys({ any, none }, scope, now, limit) {
      if (any.length === 0 || scope.projectIds.length === 0) return [];
      const without = none.length === 0 ? '' : ` NOT ${anyOf(ENTRY_KEY_COLUMNS, none)}`;
      return candidates(
        `${scopeFilter(scope)} AND ${anyOf(ENTRY_KEY_COLUMNS, any)}${without}`,
        scope,
        now,
        limit,
      );
    },
    byHint(key, scope, now, limit) {
      if (scope.projectIds.length === 0) return [];
      const { sql, params } = scopeWhere(scope);
      const sqlText = `SELECT ${CANDIDATE_COLUMNS}, 0 AS rank,
         EXISTS (SELECT 1 FROM blocks b WHERE b.entry_seq = entries.seq AND b.session_id = @current) AS inSession
       FROM entries WHERE hint_key = @key AND ${sql} AND ${LIVE}
       ORDER BY inSession DESC, last_access DESC, seq DESC LIMIT @limit`;
      return prepared<Candidate>(sqlText).all({ ...params, key, now, limit, current: scope.current ?? null });
    },
    notes(items, projectIds, limit) {
      if (items.length === 0 || projectIds.length === 0) return [];
      const expression = `{scope} : (${projectIds.map((id) => ftsString(`p${id}`)).join(' OR ')}) AND ${anyOf(NOTE_TEXT_COLUMNS, items)}`;
      return noteMatch.all({ match: expression, limit });
    },
    coverage(scope) {
      if (scope.projectIds.length === 0) return { count: 0, from: null, to: null };
      const { sql, params } = scopeWhere(scope);
      const sqlText = `SELECT count(*) AS count, min(created_at) AS "from", max(created_at) AS "to" FROM entries WHERE ${sql}`;
      return prepared<Coverage>(sqlText).get(params) ?? { count: 0, from: null, to: null };
    },
    texts(seqs) {
      return new Map(
        textsOf.all(JSON.stringify(seqs)).map((row) => [
          row.seq,
          {
            original: unpack(row.original, (row.packing & PACKED_ORIGINAL) !== 0),
            summary: unpack(row.summary, (row.packing & PACKED_SUMMARY) !== 0),
          },
        ]),
      );
    },
    touch(seqs, now) {
      if (seqs.length > 0) touchAll.run(now, JSON.stringify(seqs));
    },
  };
}
