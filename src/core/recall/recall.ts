import { CONTENT_CLASSES, type ContentClass } from '../classify/constants.js';
import { GardenerError } from '../../errors.js';
import type { Candidate, NoteCandidate, SearchScope } from '../store/index.js';
import { ftsTokens, hintKey } from '../store/index.js';
import type { RecallHit, RecallOptions, RecallResult, Scope, Store, StoreIndex } from '../store/index.js';
import { defaultTokenizer } from '../tokens/index.js';
import { fitToBudget } from './budget.js';
import { parseQuery } from './query.js';
import { passageWords, type PassageWords } from './passage-words.js';
import { findTokens, head } from './snippet.js';
import { capSummaries, showPassages, type HitBudget, type PendingPassages } from './hit-room.js';
import { pickTop, recallResult } from './in-context.js';
import { echoPenalty, fewEchoes, isEcho } from './echo.js';
import { scoresInRankOrder } from './rank-scores.js';
import { fewRepeats, type Distinct } from './repeats.js';
import { withNearPaths } from './paths-near.js';
import { selectTerms, type SelectedTerm, type TermSelection } from './terms-select.js';

export const DEFAULT_RECALL_LIMIT = 5;
export const MAX_RECALL_LIMIT = 100;
/** Token budget of all returned texts: snippets and summaries by default, originals with `full`. */
export const DEFAULT_RECALL_TOKENS = 2_000;
export const DEFAULT_FULL_RECALL_TOKENS = 8_000;
/** Entries ranked by text before priority and recency re-order them. */
export const CANDIDATES = 60;
/** Score = relevance (0–1, bm25 relative to the best) + these shares of priority and recency. */
const W_PRIORITY = 0.15;
const W_RECENCY = 0.1;
/**
 * Entries that name things (files, tests, errors, identifiers in backticks) rank higher by this
 * share of log(1 + names): a recall is mostly after a name, and a listing, a grep or a traceback
 * holds many (docs/BENCH.md § Provenance).
 */
const W_NAMES = 0.05;
/**
 * Entries of the session asking rank higher by this: a model recalls mostly what its own session
 * stored (its stubs name them), while a project's other sessions hold look-alikes: the same files
 * read again, the same tests run (docs/BENCH.md § Provenance).
 */
const W_SESSION = 0.4;
/**
 * An entry whose recall hint is the query (its stub printed it) ranks first by this: the stub's own
 * query asks for the block the stub stands for.
 */
const W_NAMED = 1;
/** Entries one hint can name (the same command run again gives the same hint). */
const NAMED_LIMIT = 5;
/** Curated notes outrank entries of equal text relevance. */
const NOTE_BOOST = 1.3;
/** Recency halves every hour since the last access. */
const RECENCY_HALF_LIFE_MS = 60 * 60_000;
/** A hit accessed this recently carries the `recent` signal. */
const RECENT_MS = 15 * 60_000;
/** Keywords named in a hit's relevance signal. */
const MAX_KEYWORD_SIGNALS = 3;

interface Ranked {
  score: number;
  entry?: Candidate;
  note?: NoteCandidate;
}

function checkOptions(options: RecallOptions): { limit: number; classes: ContentClass[] } {
  const limit = options.limit ?? DEFAULT_RECALL_LIMIT;
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_RECALL_LIMIT) {
    throw new GardenerError(
      'USAGE',
      `recall limit must be a whole number from 1 to ${MAX_RECALL_LIMIT} (got ${String(limit)})`,
    );
  }
  const classes =
    options.class === undefined
      ? []
      : typeof options.class === 'string'
        ? [options.class]
        : [...options.class];
  for (const c of classes) {
    if (!CONTENT_CLASSES.includes(c)) {
      throw new GardenerError('USAGE', `unknown class ${JSON.stringify(c)}`, {
        hint: `Classes: ${CONTENT_CLASSES.join(', ')}.`,
      });
    }
  }
  if (options.maxTokens !== undefined && !(Number.isInteger(options.maxTokens) && options.maxTokens > 0)) {
    throw new GardenerError(
      'USAGE',
      `recall maxTokens must be a positive whole number (got ${String(options.maxTokens)})`,
    );
  }
  return { limit, classes };
}

/**
 * The names bonus of each candidate entry, and the bonus a note gets. An entry stored before names
 * were counted gets the mean bonus of the counted candidates (neither favoured nor held back); a
 * note gets the highest, so the bonus never ranks an entry above a note of equal relevance.
 */
function namesPrior(entries: readonly Candidate[]): { entry: (entry: Candidate) => number; note: number } {
  const bonus = (names: number) => W_NAMES * Math.log1p(names);
  const counted = entries.flatMap((e) => (e.names === null ? [] : [bonus(e.names)]));
  const mean = counted.length === 0 ? 0 : counted.reduce((a, b) => a + b, 0) / counted.length;
  return {
    entry: (entry) => (entry.names === null ? mean : bonus(entry.names)),
    note: Math.max(0, ...counted),
  };
}

function recency(at: number, now: number): number {
  return Math.pow(0.5, Math.max(0, now - at) / RECENCY_HALF_LIFE_MS);
}

/**
 * Searches the store: bm25 over the index on the query's distinctive words (and phrases made of
 * paths and identifiers), re-ranked with priority and recency, notes weighted up; each hit says
 * why it matched. Scope: the bound session's project, plus projects named in `options.scope`.
 */
export function recall(
  store: Pick<Store, 'index'>,
  query: string,
  scope: Scope,
  options: RecallOptions = {},
): RecallResult {
  const deps = store.index;
  const { limit, classes } = checkOptions(options);
  const now = deps.now();
  const searchScope = scopeOf(deps, scope, options, classes);
  if (searchScope === undefined) return { hits: [], coverage: { entriesScanned: 0 }, truncated: false };
  const { projectIds } = searchScope;

  const parsed = parseQuery(typeof query === 'string' ? query : '');
  // A query with nothing to search for (empty, punctuation, stopwords) finds nothing.
  if (parsed.words.length === 0) return { hits: [], coverage: { entriesScanned: 0 }, truncated: false };
  const selection = selectTerms(parsed, deps.vocab);
  const items = [...selection.terms.map((t) => t.token), ...selection.phrases.map((p) => p.join(' '))];
  const found = deps.search.entries(items, searchScope, now, CANDIDATES);
  const near = withNearPaths(deps, query, found, searchScope, now);
  const { entries, named } = withNamed(deps, query, near.entries, searchScope, now);
  const noteItems = [
    ...parsed.words.slice(0, 16).map((w) => w.token),
    ...parsed.phrases.map((p) => p.join(' ')),
  ];
  const notes =
    classes.length > 0 || searchScope.sessionId !== undefined
      ? []
      : deps.search.notes(noteItems, projectIds, limit);

  const best = Math.min(-1e-9, ...entries.map((e) => e.rank), ...notes.map((n) => n.rank));
  const namesBonus = namesPrior(entries);
  // A note (curated) gets the session bonus whenever an entry does: it never ranks one above a note.
  const noteSessionBonus = entries.some((entry) => entry.inSession) ? W_SESSION : 0;
  const ranked: Ranked[] = [
    ...entries.map((entry): Ranked => ({
      entry,
      score:
        entry.rank / best +
        (W_PRIORITY * entry.priority) / 100 +
        W_RECENCY * recency(entry.lastAccess, now) +
        namesBonus.entry(entry) +
        W_SESSION * entry.inSession +
        (near.bonus.get(entry.seq) ?? 0) +
        (named.has(entry.seq) ? W_NAMED : 0) -
        echoPenalty(entry),
    })),
    ...notes.map((note): Ranked => ({
      note,
      score:
        (note.rank / best) * NOTE_BOOST +
        W_PRIORITY +
        W_RECENCY * recency(note.createdAt, now) +
        namesBonus.note +
        noteSessionBonus,
    })),
  ].sort((a, b) => b.score - a.score || (a.entry?.seq ?? 0) - (b.entry?.seq ?? 0));
  const load = (seqs: number[]) => deps.search.texts(seqs);
  const distinct = fewRepeats(ranked, limit, options.inContext, load, (entry) => named.has(entry.seq));
  const ordered = fewEchoes(distinct.ranked, limit, options.inContext);
  const { top, inContext } = pickTop(ordered, limit, options.inContext);

  const tokenizer = options.tokenizer ?? defaultTokenizer();
  const maxTokens = options.maxTokens ?? (options.full ? DEFAULT_FULL_RECALL_TOKENS : DEFAULT_RECALL_TOKENS);
  const inPassages = passageWords(selection, typeof query === 'string' ? query : '');
  const budget = { tokens: maxTokens, tokenizer, linesCommand: options.linesCommand };
  const full = options.full === true;
  const hits = buildHits(deps, top, { distinct, selection, inPassages, full, now, budget, named });
  const fitted = fitToBudget(hits, maxTokens, tokenizer);
  const seqs = top.flatMap((r) =>
    r.entry && fitted.items.some((h) => h.id === r.entry?.id) ? [r.entry.seq] : [],
  );
  if (deps.writable && options.touch !== false) deps.search.touch(seqs, now);
  const shown = { ...fitted, items: inRankOrder(fitted.items, top) };
  return recallResult(shown, deps.search.coverage(searchScope), inContext);
}

/**
 * Where a recall searches: the bound project and those the options name, the asking session marked
 * (or the only one searched); undefined when that session is asked for alone and does not exist.
 */
function scopeOf(
  deps: StoreIndex,
  scope: Scope,
  options: RecallOptions,
  classes: ContentClass[],
): SearchScope | undefined {
  const primary = options.scope?.project ?? scope.project;
  const names = [...new Set([primary, ...(options.scope?.projects ?? [])])];
  const projectIds = names.map((name) => deps.projectId(name)).filter((id): id is number => id !== undefined);
  const searchScope: SearchScope = { projectIds, classes };
  const session = deps.sessionIds({ project: primary, session: options.scope?.session ?? scope.session });
  if (options.scope?.sessionOnly) {
    if (!session) return undefined;
    searchScope.sessionId = session.sessionId;
  } else if (session) searchScope.current = session.sessionId;
  return searchScope;
}

/**
 * The candidates with the entries the query names by their recall hint (hint-key.ts) added when the
 * text search did not find them, at the best text rank; `named` holds their seqs.
 */
function withNamed(
  deps: StoreIndex,
  query: string,
  entries: readonly Candidate[],
  scope: SearchScope,
  now: number,
): { entries: Candidate[]; named: Set<number> } {
  const key = hintKey(query);
  const found = key === null ? [] : deps.search.byHint(key, scope, now, NAMED_LIMIT);
  if (found.length === 0) return { entries: [...entries], named: new Set() };
  const best = Math.min(0, ...entries.map((e) => e.rank));
  const known = new Set(entries.map((e) => e.seq));
  const added = found.filter((e) => !known.has(e.seq)).map((e) => ({ ...e, rank: best }));
  return { entries: [...entries, ...added], named: new Set(found.map((e) => e.seq)) };
}

/** The hits with scores that read in their order (rank-scores.ts); the agent's own texts among `top` say so. */
function inRankOrder(hits: RecallHit[], top: readonly Ranked[]): RecallHit[] {
  const ownText = new Set(top.flatMap((r) => (r.entry && isEcho(r.entry) ? [r.entry.id] : [])));
  return scoresInRankOrder(hits, (hit) => (ownText.has(hit.id) ? 'own-text' : 'repeat'));
}

/** What the hits of the ranked top are built from, besides the store. */
interface HitSources {
  distinct: Pick<Distinct<Ranked>, 'texts' | 'repeats'>;
  selection: TermSelection;
  /** The words a hit's passages are chosen by. */
  inPassages: PassageWords;
  /** Originals whole rather than passages. */
  full: boolean;
  now: number;
  budget: HitBudget;
  /** Entries the query names by their recall hint. */
  named: ReadonlySet<number>;
}

function buildHits(deps: StoreIndex, top: Ranked[], sources: HitSources): RecallHit[] {
  const { distinct, selection, inPassages, full, now, budget, named } = sources;
  const terms: SelectedTerm[] = selection.terms;
  const weights = new Map(terms.map((t) => [t.token, Math.log(1 + selection.docs / t.df)]));
  const byWeight = terms.map((t) => t.token).sort((a, b) => (weights.get(b) ?? 0) - (weights.get(a) ?? 0));
  const loaded = distinct.texts;
  const missing = top.flatMap((r) => (r.entry && !loaded.has(r.entry.seq) ? [r.entry.seq] : []));
  const texts = missing.length === 0 ? loaded : new Map([...loaded, ...deps.search.texts(missing)]);
  const pending: PendingPassages[] = [];
  const hits = top.map(({ entry, note, score }): RecallHit => {
    if (note) {
      const found = findTokens(`${note.text}\n${note.tags}`, byWeight);
      const keywords = byWeight.filter((t) => found.has(t)).slice(0, MAX_KEYWORD_SIGNALS);
      return {
        id: note.id,
        class: 'prose',
        text: note.tags ? `${note.text}\n[tags: ${note.tags}]` : note.text,
        score: round(score),
        relevanceSignal: ['note', ...keywords.map((k) => `keyword:${k}`)],
        createdAt: note.createdAt,
        isNote: true,
        form: 'note',
      };
    }
    const e = entry as Candidate;
    const { original, summary } = texts.get(e.seq) ?? { original: '', summary: '' };
    const isMedia = e.kind === 'media';
    const inOriginal = isMedia ? new Map<string, number[]>() : findTokens(original, byWeight);
    const inSummary = findTokens(summary, byWeight);
    const pathTokens = new Set(ftsTokens(e.sourcePath ?? ''));
    const signals: string[] = [];
    if (e.sourcePath && byWeight.some((t) => pathTokens.has(t))) signals.push(`path:${e.sourcePath}`);
    const keywords = byWeight
      .filter((t) => inOriginal.has(t) || inSummary.has(t))
      .slice(0, MAX_KEYWORD_SIGNALS);
    signals.push(...keywords.map((k) => `keyword:${k}`));
    if (named.has(e.seq)) signals.push('hint');
    if (now - e.lastAccess <= RECENT_MS || terms.length === 0) signals.push('recent');
    for (const id of distinct.repeats.get(e.seq) ?? []) signals.push(`repeat:${id}`);

    let text: string;
    let form: RecallHit['form'];
    if (full && !isMedia) [text, form] = [original, 'original'];
    else if (!isMedia && !full && inOriginal.size > 0) [text, form] = ['', 'snippet'];
    else if (summary.trim() !== '') [text, form] = [summary, 'summary'];
    else [text, form] = [head(original), 'snippet'];
    const hit: RecallHit = {
      id: e.id,
      class: e.class,
      text,
      score: round(score),
      relevanceSignal: signals,
      createdAt: e.createdAt,
      form,
    };
    if (e.sourceTool !== null) hit.sourceTool = e.sourceTool;
    if (e.sourcePath !== null) hit.sourcePath = e.sourcePath;
    if (e.callLine !== null && e.callLine !== e.sourcePath) hit.call = e.callLine;
    if (form === 'snippet' && text === '') pending.push({ hit, original, summary });
    return hit;
  });
  // Beside the entries the query names by their recall hint (when one of them ranks first), the
  // other hits show a line each: the named ones take the budget.
  const first = top[0]?.entry;
  const namedIds = new Set(top.flatMap((r) => (r.entry && named.has(r.entry.seq) ? [r.entry.id] : [])));
  const namedFirst = first !== undefined && named.has(first.seq);
  const naming = {
    named: (hit: RecallHit | undefined) => namedFirst && hit !== undefined && namedIds.has(hit.id),
    beside: (hit: RecallHit) => namedFirst && !namedIds.has(hit.id),
  };
  capSummaries(hits, budget, naming);
  showPassages(pending, hits, inPassages, budget, naming);
  return hits;
}

function round(score: number): number {
  return Math.round(score * 10_000) / 10_000;
}
