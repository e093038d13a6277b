import type { ContentClass } from '../classify/index.js';
import { PACKED_ORIGINAL, PACKED_SUMMARY, unpack } from './packing.js';
import type { Entry, Note, StoredSummary } from './types.js';

/** An entries row joined with its project and session names. */
export interface EntryRow {
  seq: number;
  id: string;
  project: string;
  session: string;
  class: ContentClass;
  kind: 'text' | 'media';
  source_tool: string | null;
  source_path: string | null;
  original: string | Buffer;
  summary: string | Buffer;
  packing: number;
  tokens_original: number;
  tokens_summary: number;
  priority: number;
  created_at: number;
  last_access: number;
  ttl_ms: number | null;
  active: number;
  content_hash: string;
  redactions: number;
  block_key?: string | null;
}

/** SELECT list for EntryRow; the query must join `projects p` and `sessions s`. */
export const ENTRY_COLUMNS = `e.seq, e.id, p.name AS project, s.name AS session, e.class, e.kind, e.source_tool,
  e.source_path, e.original, e.summary, e.packing, e.tokens_original, e.tokens_summary, e.priority, e.created_at,
  e.last_access, e.ttl_ms, e.active, e.content_hash, e.redactions`;

export const ENTRY_FROM =
  'entries e JOIN projects p ON p.id = e.project_id JOIN sessions s ON s.id = e.session_id';

/** The columns of an entry's summary alone (Store.summaryOf). */
export type SummaryRow = Pick<EntryRow, 'summary' | 'packing' | 'tokens_summary'>;

export function storedSummary(row: SummaryRow | undefined): StoredSummary | undefined {
  if (row === undefined) return undefined;
  return {
    summary: unpack(row.summary, (row.packing & PACKED_SUMMARY) !== 0),
    tokensSummary: row.tokens_summary,
  };
}

export function toEntry(row: EntryRow): Entry {
  const entry: Entry = {
    id: row.id,
    scope: { project: row.project, session: row.session },
    class: row.class,
    kind: row.kind,
    original: unpack(row.original, (row.packing & PACKED_ORIGINAL) !== 0),
    summary: unpack(row.summary, (row.packing & PACKED_SUMMARY) !== 0),
    tokensOriginal: row.tokens_original,
    tokensSummary: row.tokens_summary,
    priority: row.priority,
    createdAt: row.created_at,
    lastAccess: row.last_access,
    active: row.active === 1,
    contentHash: row.content_hash,
    redactions: row.redactions,
  };
  if (row.source_tool !== null) entry.sourceTool = row.source_tool;
  if (row.source_path !== null) entry.sourcePath = row.source_path;
  if (row.ttl_ms !== null) entry.ttlMs = row.ttl_ms;
  if (row.block_key) entry.blockKey = row.block_key;
  return entry;
}

export interface NoteRow {
  seq: number;
  id: string;
  project: string;
  session: string;
  text: string;
  tags: string;
  pinned: number;
  created_at: number;
  active: number;
}

export const NOTE_COLUMNS =
  'n.seq, n.id, p.name AS project, s.name AS session, n.text, n.tags, n.pinned, n.created_at, n.active';
export const NOTE_FROM =
  'notes n JOIN projects p ON p.id = n.project_id JOIN sessions s ON s.id = n.session_id';

export function toNote(row: NoteRow): Note {
  return {
    id: row.id,
    scope: { project: row.project, session: row.session },
    text: row.text,
    tags: row.tags === '' ? [] : row.tags.split(' '),
    pinned: row.pinned === 1,
    createdAt: row.created_at,
  };
}
