import { createHash } from 'node:crypto';
import type Database from 'better-sqlite3';
import { CONTENT_CLASSES } from '../classify/constants.js';
import { hashText } from '../format/index.js';
import { namesOf } from '../names/index.js';
import { GardenerError } from '../../errors.js';
import { hintKey } from './hint-key.js';
import { derivedId } from './ids.js';
import { pack, PACKED_ORIGINAL, PACKED_SUMMARY } from './packing.js';
import { redactor, type Redactor } from './redact.js';
import type { Scopes } from './scopes.js';
import { indexTerms } from './terms.js';
import { writtenFolderKeys } from './folders.js';
import { withIndexText } from './fts-text.js';
import type { EntryInput, IngestResult } from './types.js';

/** Candidates tried before giving up on finding an unused id (a clash is ~1 in 10^12 per pair). */
const ID_ATTEMPTS = 8;

/** Hex digits kept of the SHA-256: 128 bits, ample against accidental collisions. */
const HASH_HEX_CHARS = 32;

/** The content hash that deduplicates entries within a project (of the stored, redacted text). */
export function contentHash(kind: 'text' | 'media', original: string): string {
  // A slice at a time: a huge original is not encoded to bytes whole just to be hashed.
  return hashText(createHash('sha256').update(kind).update('\0'), original)
    .digest('hex')
    .slice(0, HASH_HEX_CHARS);
}

export function checkEntryInput(input: EntryInput): void {
  const bad = (what: string): never => {
    throw new GardenerError('INPUT_INVALID', `cannot store entry: ${what}`);
  };
  if (!CONTENT_CLASSES.includes(input.class)) bad(`unknown class ${JSON.stringify(input.class)}`);
  if (typeof input.original !== 'string') bad('original must be a string');
  if (typeof input.summary !== 'string') bad('summary must be a string');
  for (const [name, value] of [
    ['tokensOriginal', input.tokensOriginal],
    ['tokensSummary', input.tokensSummary],
  ] as const) {
    if (!Number.isInteger(value) || value < 0)
      bad(`${name} must be a non-negative integer (got ${String(value)})`);
  }
  if (!Number.isFinite(input.priority)) bad(`priority must be a number (got ${String(input.priority)})`);
  if (input.ttlMs !== undefined && !(Number.isFinite(input.ttlMs) && input.ttlMs > 0))
    bad(`ttlMs must be positive (got ${String(input.ttlMs)})`);
  if (input.kind !== undefined && input.kind !== 'text' && input.kind !== 'media')
    bad(`unknown kind ${JSON.stringify(input.kind)}`);
  if (input.call !== undefined && typeof input.call !== 'string') bad('call must be a string');
  if (input.hint !== undefined && typeof input.hint !== 'string') bad('hint must be a string');
  if (input.redactions !== undefined && !(Number.isInteger(input.redactions) && input.redactions >= 0))
    bad(`redactions must be a non-negative integer (got ${String(input.redactions)})`);
}

/** Texts a caller already redacted with the store's `redact` are written as given. */
const asRedacted = redactor(false);

/** Characters of the producing call (and of the recall hint) indexed with an entry: a command line, not a script. */
const MAX_CALL_CHARS = 400;
/** Characters of the call's first line kept to show with the entry: enough for a command and its file. */
const MAX_CALL_LINE_CHARS = 160;

/**
 * Characters of a long original that its extra index words (camelCase parts, file-name keys) and its
 * count of names come from: its start and its end. The full-text index holds every word of it; these
 * extras looked at a whole 100 MB original took most of the time to store it.
 */
const INDEXED_CHARS = 1 << 20;

/** The part of an original its extra index words are found in: all of it, or a long one's start and end. */
function indexedPart(text: string): string {
  if (text.length <= INDEXED_CHARS * 2) return text;
  return `${text.slice(0, INDEXED_CHARS)}\n${text.slice(text.length - INDEXED_CHARS)}`;
}

interface IngestDeps {
  db: Database.Database;
  scopes: Scopes;
  redact: Redactor;
  now: () => number;
}

/** The row an entry input becomes: its texts redacted (once), hashed, indexed and packed. */
interface PreparedEntry {
  kind: 'text' | 'media';
  hash: string;
  redactions: number;
  priority: number;
  ttlMs: number | null;
  terms: string;
  names: number;
  /** A call produced the text (the input names one): 1, else 0. */
  fromCall: number;
  /** The call's first line, to show with the entry; null when no call produced it. */
  callLine: string | null;
  /** The recall hint's key (hint-key.ts); null when none was given. */
  hintKey: string | null;
  /** The path the tool named, redacted; null for none. */
  sourcePath: string | null;
  original: string | Buffer;
  /** The original as stored, unpacked (what its index text is made from). */
  text: string;
  summary: string | Buffer;
  packing: number;
}

/** The first non-blank line of a call, cut to MAX_CALL_LINE_CHARS; null for none. */
function callLine(call: string): string | null {
  const line =
    call
      .split('\n')
      .find((l) => l.trim() !== '')
      ?.trim() ?? '';
  if (line === '') return null;
  if (line.length <= MAX_CALL_LINE_CHARS) return line;
  // Never cut between the halves of a surrogate pair: a lone one would not survive UTF-8.
  const high = line.charCodeAt(MAX_CALL_LINE_CHARS - 2);
  const end = high >= 0xd800 && high <= 0xdbff ? MAX_CALL_LINE_CHARS - 2 : MAX_CALL_LINE_CHARS - 1;
  return `${line.slice(0, end)}…`;
}

/** Validates an input and works out its row, outside the transaction (no database access). */
function prepareEntry(input: EntryInput, redact: Redactor): PreparedEntry {
  checkEntryInput(input);
  const kind = input.kind ?? 'text';
  // One pass per text: a caller that redacted its texts with this store's `redact` says so.
  const clean = input.redactions === undefined ? redact : asRedacted;
  const original = clean(input.original);
  const summary = clean(input.summary);
  // The call's words are searchable with the entry; it is redacted like the texts (a command line can
  // hold a key), before it is cut, so that a cut never leaves half a key no pattern knows.
  const call = clean(input.call ?? '').text.slice(0, MAX_CALL_CHARS);
  // So is the recall hint a stub prints for it: asking it finds this entry first more often.
  const hint = clean(input.hint ?? '').text.slice(0, MAX_CALL_CHARS);
  // No caller redacts the path a tool named; a URL or a file name can hold a token too.
  const sourcePath = input.sourcePath === undefined ? undefined : redact(input.sourcePath).text;
  const indexed = kind === 'media' ? undefined : indexedPart(original.text);
  const written = writtenFolderKeys({ original: indexed, sourcePath, call, tool: input.sourceTool });
  const terms = [indexTerms(indexed, summary.text, sourcePath, call), written.join(' '), call, hint]
    .filter((part) => part !== '')
    .join(' ');
  const packedOriginal = pack(original.text);
  const packedSummary = pack(summary.text);
  return {
    kind,
    hash: contentHash(kind, original.text),
    redactions: input.redactions ?? original.count + summary.count,
    priority: Math.min(100, Math.max(0, Math.round(input.priority))),
    ttlMs: input.ttlMs === undefined ? null : Math.round(input.ttlMs),
    terms,
    names: indexed === undefined ? 0 : namesOf(indexed).size,
    fromCall: input.call !== undefined && input.call.trim() !== '' ? 1 : 0,
    callLine: callLine(call),
    hintKey: hintKey(hint),
    sourcePath: sourcePath ?? null,
    original: packedOriginal.value,
    text: original.text,
    summary: packedSummary.value,
    packing: (packedOriginal.packed ? PACKED_ORIGINAL : 0) | (packedSummary.packed ? PACKED_SUMMARY : 0),
  };
}

function ingestStatements(db: Database.Database) {
  return {
    findByHash: db.prepare<
      [number, string],
      { seq: number; id: string; redactions: number; forgotten: number }
    >('SELECT seq, id, redactions, forgotten FROM entries WHERE project_id = ? AND content_hash = ?'),
    idTaken: db.prepare<[string], { one: number }>('SELECT 1 AS one FROM entries WHERE id = ?'),
    insert: db.prepare(
      `INSERT INTO entries (id, project_id, session_id, class, kind, source_tool, source_path, original, summary, packing, terms,
       tokens_original, tokens_summary, priority, created_at, last_access, ttl_ms, expires_at, content_hash, redactions, names,
       from_call, call_line, hint_key)
     VALUES (@id, @projectId, @sessionId, @class, @kind, @sourceTool, @sourcePath, @original, @summary, @packing, @terms,
       @tokensOriginal, @tokensSummary, @priority, @now, @now, @ttlMs, @expiresAt, @hash, @redactions, @names,
       @fromCall, @callLine, @hintKey)`,
    ),
    // A repeat brings an expired entry back (it is in the context again), keeps the higher priority
    // (and learns a call produced it, when the repeat says so), and takes the repeat's recall hint,
    // the one the newest stub prints; a forgotten one stays forgotten.
    refresh: db.prepare<{
      now: number;
      priority: number;
      ttl: number | null;
      seq: number;
      fromCall: number;
      callLine: string | null;
      hintKey: string | null;
    }>(
      `UPDATE entries SET last_access = @now, priority = max(priority, @priority), active = 1 - forgotten,
       from_call = CASE WHEN @fromCall = 1 THEN 1 ELSE from_call END, call_line = coalesce(call_line, @callLine),
       hint_key = coalesce(@hintKey, hint_key),
       expires_at = CASE WHEN @ttl IS NULL THEN NULL ELSE max(coalesce(expires_at, 0), @now + @ttl) END,
       ttl_ms = @ttl
     WHERE seq = @seq`,
    ),
    link: db.prepare<[number, string, number, number]>(
      'INSERT OR REPLACE INTO blocks (session_id, block_key, entry_seq, created_at) VALUES (?, ?, ?, ?)',
    ),
  };
}

type IngestStatements = ReturnType<typeof ingestStatements>;

/** An entry id derived from `seed` that no entry has yet. */
function freshId(statements: IngestStatements, seed: string): string {
  for (let attempt = 0; attempt < ID_ATTEMPTS; attempt++) {
    const id = derivedId(seed, attempt);
    if (!statements.idTaken.get(id)) return id;
  }
  throw new GardenerError('INTERNAL', 'could not find an unused entry id');
}

/** Inside the transaction: refreshes the project's entry with the same content, or inserts a new one. */
function storeEntry(
  statements: IngestStatements,
  scopes: Scopes,
  input: EntryInput,
  row: PreparedEntry,
  at: number,
): IngestResult {
  const { projectId, sessionId } = scopes.ensure(input.scope, at);
  const existing = statements.findByHash.get(projectId, row.hash);
  if (existing) {
    statements.refresh.run({
      now: at,
      priority: row.priority,
      ttl: row.ttlMs,
      seq: existing.seq,
      fromCall: row.fromCall,
      callLine: row.callLine,
      hintKey: row.hintKey,
    });
    statements.link.run(sessionId, input.blockKey ?? `#${existing.id}`, existing.seq, at);
    return {
      id: existing.id,
      deduplicated: true,
      redactions: row.redactions,
      ...(existing.forgotten === 1 ? { forgotten: true } : {}),
    };
  }
  const id = freshId(statements, `${input.scope.project}\0${row.hash}`);
  const { lastInsertRowid } = statements.insert.run({
    id,
    projectId,
    sessionId,
    class: input.class,
    kind: row.kind,
    sourceTool: input.sourceTool ?? null,
    sourcePath: row.sourcePath,
    original: row.original,
    summary: row.summary,
    packing: row.packing,
    terms: row.terms,
    tokensOriginal: input.tokensOriginal,
    tokensSummary: input.tokensSummary,
    priority: row.priority,
    now: at,
    ttlMs: row.ttlMs,
    expiresAt: row.ttlMs === null ? null : at + row.ttlMs,
    hash: row.hash,
    redactions: row.redactions,
    names: row.names,
    fromCall: row.fromCall,
    callLine: row.callLine,
    hintKey: row.hintKey,
  });
  statements.link.run(sessionId, input.blockKey ?? `#${id}`, Number(lastInsertRowid), at);
  return { id, deduplicated: false, redactions: row.redactions };
}

/** Builds the ingest operation: validate, redact, hash, then one IMMEDIATE transaction. */
export function makeIngest({ db, scopes, redact, now }: IngestDeps): (input: EntryInput) => IngestResult {
  const statements = ingestStatements(db);
  return (input) => {
    const row = prepareEntry(input, redact);
    const insert = () => db.transaction(() => storeEntry(statements, scopes, input, row, now())).immediate();
    return row.kind === 'text' ? withIndexText(row.original, row.text, insert) : insert();
  };
}
