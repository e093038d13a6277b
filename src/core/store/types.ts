import type { ContentClass } from '../classify/index.js';
import type { Tokenizer } from '../tokens/index.js';
import type { Redactor } from './redact.js';
import type { ScopeIds } from './scopes.js';
import type { Search } from './search.js';
import type { VocabLookup } from './vocab.js';

/** Where an entry belongs. Recall never crosses projects unless asked by name (docs/DESIGN.md invariant 7). */
export interface Scope {
  project: string;
  session: string;
}

/** What the engine (or `gardener ingest`) hands the store for one block. */
export interface EntryInput {
  scope: Scope;
  class: ContentClass;
  /** text | media: media entries hold the JSON of the original block (image/document). */
  kind?: 'text' | 'media';
  sourceTool?: string;
  sourcePath?: string;
  /**
   * What produced the text (a command line, a search pattern, the agent's action before an
   * observation): indexed with the entry, so a query naming what was run finds its output.
   */
  call?: string;
  /**
   * The recall query a stub of this content prints (src/core/garden/ingest/terms.ts recallHint): indexed with the
   * entry, so the query the model is shown finds it first.
   */
  hint?: string;
  original: string;
  summary: string;
  tokensOriginal: number;
  tokensSummary: number;
  /** 0–100, docs/DESIGN.md priority. */
  priority: number;
  /** Expire after this many ms (undefined: never). */
  ttlMs?: number;
  /** The engine's stable identity of the block (tool_use id, or position + hash). */
  blockKey?: string;
  /**
   * Set by a caller that already passed every text of this input (original, summary, call, hint)
   * through this store's `redact`: the store writes them as given and records this many secrets.
   * Unset, the store redacts them itself (per its setting).
   */
  redactions?: number;
}

/** An entry's summary as the store holds it (Store.summaryOf). */
export interface StoredSummary {
  summary: string;
  tokensSummary: number;
}

export interface Entry {
  id: string;
  scope: Scope;
  class: ContentClass;
  kind: 'text' | 'media';
  sourceTool?: string;
  sourcePath?: string;
  original: string;
  summary: string;
  tokensOriginal: number;
  tokensSummary: number;
  priority: number;
  createdAt: number;
  lastAccess: number;
  ttlMs?: number;
  active: boolean;
  contentHash: string;
  blockKey?: string;
  /** Secrets redacted from original and summary before storing. */
  redactions: number;
}

export interface IngestResult {
  id: string;
  /** True when identical content already existed in the project and its entry was reused. */
  deduplicated: boolean;
  redactions: number;
  /** The content was forgotten before: the entry stays out of recall (forget lasts). */
  forgotten?: boolean;
}

export interface RecallOptions {
  class?: ContentClass | readonly ContentClass[];
  /** Default 5. */
  limit?: number;
  /** Return originals instead of snippets/summaries. */
  full?: boolean;
  /** Defaults: the current session and project. `projects` names other projects explicitly. */
  scope?: { session?: string; project?: string; sessionOnly?: boolean; projects?: readonly string[] };
  /** Hard cap on the tokens of all returned texts together. */
  maxTokens?: number;
  /** Refresh the last access of returned entries (default true; ignored by a read-only store). */
  touch?: boolean;
  /** Counts the returned texts against maxTokens (default: cl100k; a short process may pass an estimate). */
  tokenizer?: Tokenizer;
  /**
   * Entries the model sees in full in its context now (an engine knows them): they take no hit's
   * place or budget, and are named in `RecallResult.inContext` instead.
   */
  inContext?: (id: string) => boolean;
  /**
   * How the door asks for lines of an entry (`gardener show ID --lines 230-346`, a tool call): named
   * where a hit folds a run of look-alike lines. Without it the fold says which lines, not how.
   */
  linesCommand?: (id: string, first: number, last: number) => string;
}

export interface RecallHit {
  id: string;
  class: ContentClass;
  sourceTool?: string;
  sourcePath?: string;
  /** What produced it, in a line (a command, what a search asked for), when that says more than its path. */
  call?: string;
  /** A snippet or the summary (the original with `full`). */
  text: string;
  score: number;
  /** Why it matched: `keyword:…`, `path:…`, `recent`, `note`. */
  relevanceSignal: string[];
  createdAt: number;
  isNote?: boolean;
  /** What `text` holds: a window of the original, the summary, the whole original, or a note. */
  form?: 'snippet' | 'summary' | 'original' | 'note';
}

export interface RecallResult {
  hits: RecallHit[];
  coverage: { entriesScanned: number; from?: number; to?: number };
  /** True when hits were cut to fit maxTokens. */
  truncated: boolean;
  /** Entries that ranked among the hits but are in the model's context in full (RecallOptions.inContext). */
  inContext?: string[];
}

export interface Note {
  id: string;
  scope: Scope;
  text: string;
  tags: string[];
  pinned: boolean;
  createdAt: number;
}

export interface ClassStats {
  count: number;
  tokensOriginal: number;
  tokensSummary: number;
}

export interface StoreStats {
  entries: number;
  byClass: Partial<Record<ContentClass, ClassStats>>;
  tokensOriginal: number;
  tokensSummary: number;
  notes: number;
  databaseBytes: number;
  redactions: number;
  /** Entries of low priority whose summary saves at least half their tokens (context_pressure()). */
  evictionCandidates?: number;
}

/** Options of `openStore` (src/core/store/open.ts). */
export interface OpenStoreOptions {
  /** Database file; default `resolveDatabasePath({ env })`. `:memory:` for a throwaway store. */
  path?: string;
  env?: Record<string, string | undefined>;
  /** Redact well-known secret shapes before storing (default true). */
  redact?: boolean;
  /** Open an existing database without writing (no migration, no touch on recall). */
  readonly?: boolean;
  /** Open read-only when the file exists but may not be written (commands that only read). */
  readonlyFallback?: boolean;
  /** Clock, for tests (default Date.now). */
  now?: () => number;
  /**
   * How long a statement waits for another process's write lock (default 10 s), and whether a write
   * still busy after it is retried with a blocking pause. A long-lived server passes a short wait and
   * `retryBusy: false`, and retries asynchronously itself (src/doors/kit/settle.ts), so its event loop never blocks.
   */
  busyTimeoutMs?: number;
  retryBusy?: boolean;
  /**
   * SQLite's page cache, in KiB (default: the driver's). A one-shot command that writes a whole
   * transcript's entries and reads few back passes a small one: the cache fills to its limit as
   * the file grows and stays resident until the process ends.
   */
  cacheKiB?: number;
}

/** Attachment manifest row: one image/document by content hash. */
export interface ManifestRow {
  hash: string;
  entryId: string;
  mediaType: string;
  bytes: number;
  firstSeen: number;
}

/**
 * The local SQLite store (src/core/store). One database per user; projects and sessions inside it.
 * Every method is synchronous (better-sqlite3) and each write is one transaction.
 */
export interface Store {
  readonly path: string;
  /** Original and summary stored together, or neither. Secrets are redacted first unless disabled. */
  ingest(input: EntryInput): IngestResult;
  /**
   * The store's redaction (secrets replaced, or the text as given when opened with `redact: false`).
   * A caller that derives texts from an original before storing them (the engine's summaries and
   * recall hints) uses it, so what it derives obeys the same setting; see `EntryInput.redactions`.
   */
  readonly redact: Redactor;
  /** Byte-exact original (as stored, i.e. after redaction) and metadata; undefined when unknown. */
  fetch(id: string): Entry | undefined;
  /** An entry's summary as stored and its tokens, without reading its original; undefined when unknown. */
  summaryOf(id: string): StoredSummary | undefined;
  /** Entry by the engine's block identity within a session. */
  findByBlockKey(scope: Scope, blockKey: string): Entry | undefined;
  /** Soft delete: excluded from recall, still fetchable. Works for note ids too. Returns false when unknown. */
  forget(id: string): boolean;
  /** Refresh last access (a recall or fetch into context). */
  touch(id: string): void;
  /** The full-text search primitives recall (src/core/recall) is built on. */
  readonly index: StoreIndex;
  note(scope: Scope, text: string, options?: { tags?: string[]; pinned?: boolean }): Note;
  notes(scope: Scope, options?: { pinnedOnly?: boolean }): Note[];
  manifestGet(scope: Scope, hash: string): ManifestRow | undefined;
  manifestPut(scope: Scope, row: Omit<ManifestRow, 'firstSeen'>): void;
  sessionStateGet(scope: Scope, key: string): string | undefined;
  sessionStateSet(scope: Scope, key: string, value: string): void;
  /**
   * Reads a value and writes `update(value)` in one write transaction (no other writer in between);
   * returns what was written, or undefined when `update` returned undefined (nothing written).
   */
  sessionStateUpdate(
    scope: Scope,
    key: string,
    update: (current: string | undefined) => string | undefined,
  ): string | undefined;
  stats(scope?: Partial<Scope>): StoreStats;
  /** Soft-delete entries past their TTL; returns how many. */
  expire(now?: number): number;
  close(): void;
}

/** Read access to the full-text index, for recall: searches, word counts, scope lookups. */
export interface StoreIndex {
  search: Search;
  vocab: VocabLookup;
  /** Ids of an existing project, or undefined. */
  projectId(name: string): number | undefined;
  /** Ids of an existing session, or undefined. */
  sessionIds(scope: Scope): ScopeIds | undefined;
  /** False for a read-only store: a search must not refresh last access then. */
  writable: boolean;
  now(): number;
}

/** What `openStore` returns: the Store plus a few members for the CLI and maintenance. */
export interface GardenerStore extends Store {
  /** A note by id (ids of notes start with `n`); undefined when unknown. */
  getNote(id: string): Note | undefined;
  /** `PRAGMA integrity_check` (with the FTS index checks): [] when healthy, else the problems found. */
  check(): string[];
  /** Stats and `context_pressure()` figures need to know whether a name exists. */
  hasProject(name: string): boolean;
}
