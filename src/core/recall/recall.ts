import { CONTENT_CLASSES, type ContentClass } from '../classify/constants.js';
import { GardenerError } from '../../errors.js';
import type { Candidate, NoteCandidate, SearchScope } from '../store/index.js';
import { ftsTokens } from '../store/index.js';
import type { RecallHit, RecallOptions, RecallResult, Scope, Store, StoreIndex } from '../store/index.js';
import { defaultTokenizer, type Tokenizer } from '../tokens/index.js';
import { fitToBudget } from './budget.js';
import { parseQuery } from './query.js';
import { passageWords, type PassageWords } from './passage-words.js';
import { preparePassages } from './passages.js';
import { PARTIAL_TOKENS, partlyMatching } from './partial-match.js';
import { CHARS_PER_TOKEN, fitPassages, fitTight, MIN_PASSAGE_CHARS } from './fit-passages.js';
import { findTokens, head } from './snippet.js';
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
/** Curated notes outrank entries of equal text relevance. */
const NOTE_BOOST = 1.3;
/** Recency halves every hour since the last access. */
const RECENCY_HALF_LIFE_MS = 60 * 60_000;
/** A hit accessed this recently carries the `recent` signal. */
const RECENT_MS = 15 * 60_000;
/**
 * Each hit showing passages gets this share of the room the one before it gets, times its score as a
 * share of the first hit's: the first hit is the likeliest to be the one asked for, a hit far behind
 * it less so, and hits that score alike share alike (docs/BENCH.md § Provenance).
 */
const ROOM_DECAY = 0.7;
/** A hit's score counts as at least this share of the first hit's when the budget is split. */
const MIN_SCORE_SHARE = 0.05;
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
  const primary = options.scope?.project ?? scope.project;
  const names = [...new Set([primary, ...(options.scope?.projects ?? [])])];
  const projectIds = names.map((name) => deps.projectId(name)).filter((id): id is number => id !== undefined);
  const searchScope: SearchScope = { projectIds, classes };
  const session = deps.sessionIds({ project: primary, session: options.scope?.session ?? scope.session });
  if (options.scope?.sessionOnly) {
    if (!session) return { hits: [], coverage: { entriesScanned: 0 }, truncated: false };
    searchScope.sessionId = session.sessionId;
  } else if (session) searchScope.current = session.sessionId;

  const parsed = parseQuery(typeof query === 'string' ? query : '');
  // A query with nothing to search for (empty, punctuation, stopwords) finds nothing.
  if (parsed.words.length === 0) return { hits: [], coverage: { entriesScanned: 0 }, truncated: false };
  const selection = selectTerms(parsed, deps.vocab);
  const items = [...selection.terms.map((t) => t.token), ...selection.phrases.map((p) => p.join(' '))];
  const found = deps.search.entries(items, searchScope, now, CANDIDATES);
  const { entries, bonus: nearBonus } = withNearPaths(deps, query, found, searchScope, now);
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
        (nearBonus.get(entry.seq) ?? 0) -
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
  const distinct = fewRepeats(ranked, limit, options.inContext, (seqs) => deps.search.texts(seqs));
  const ordered = fewEchoes(distinct.ranked, limit, options.inContext);
  const { top, inContext } = pickTop(ordered, limit, options.inContext);

  const tokenizer = options.tokenizer ?? defaultTokenizer();
  const maxTokens = options.maxTokens ?? (options.full ? DEFAULT_FULL_RECALL_TOKENS : DEFAULT_RECALL_TOKENS);
  const inPassages = passageWords(selection, typeof query === 'string' ? query : '');
  const budget = { tokens: maxTokens, tokenizer, linesCommand: options.linesCommand };
  const full = options.full === true;
  const hits = buildHits(deps, top, { distinct, selection, inPassages, full, now, budget });
  const fitted = fitToBudget(hits, maxTokens, tokenizer);
  const seqs = top.flatMap((r) =>
    r.entry && fitted.items.some((h) => h.id === r.entry?.id) ? [r.entry.seq] : [],
  );
  if (deps.writable && options.touch !== false) deps.search.touch(seqs, now);
  const shown = { ...fitted, items: inRankOrder(fitted.items, top) };
  return recallResult(shown, deps.search.coverage(searchScope), inContext);
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
}

function buildHits(deps: StoreIndex, top: Ranked[], sources: HitSources): RecallHit[] {
  const { distinct, selection, inPassages, full, now, budget } = sources;
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
  capSummaries(hits, budget);
  showPassages(pending, hits, inPassages, budget);
  return hits;
}

/** What the hits' texts may take, how it is counted, and the door's words for lines of an entry. */
interface HitBudget {
  tokens: number;
  tokenizer: Tokenizer;
  linesCommand: RecallOptions['linesCommand'] | undefined;
}

/** Each hit's weight in the split of the budget: ROOM_DECAY a rank, times its score against the first. */
function roomWeights(hits: readonly RecallHit[], firstScore: number): number[] {
  const first = Math.max(1e-9, firstScore);
  return hits.map((hit, i) => Math.pow(ROOM_DECAY, i) * Math.max(MIN_SCORE_SHARE, hit.score / first));
}

/**
 * Cuts a summary hit to the share of the budget its rank and score would get among all the hits: a weak hit's
 * long summary would otherwise take the room the better hits' matching lines need (its id still
 * leads to all of it).
 */
function capSummaries(hits: readonly RecallHit[], budget: { tokens: number; tokenizer: Tokenizer }): void {
  const weights = roomWeights(hits, hits[0]?.score ?? 0);
  const total = weights.reduce((a, b) => a + b, 0);
  for (const [i, hit] of hits.entries()) {
    if (hit.form !== 'summary') continue;
    const share = (budget.tokens * (weights[i] ?? 0)) / total;
    if (budget.tokenizer.count(hit.text) > share)
      hit.text = head(hit.text, Math.floor(share * CHARS_PER_TOKEN));
  }
}

/** A hit whose text is still to be chosen from its original's passages. */
interface PendingPassages {
  hit: RecallHit;
  original: string;
  summary: string;
}

/**
 * Fills in the passages of the hits that show them. Beside a first hit that holds nearly all the query
 * names, a hit holding much less of it shows only its best matched lines (partial-match.ts). The
 * others share what the budget has left, best first, each within its share of the rest: a hit beside
 * short ones shows more of its original, whole when it fits, and what a hit leaves of its share (shown
 * whole in less, passages that fit in less, a summary instead) goes to the hits after it rather than
 * unused. Shares are in tokens, turned into characters at a guessed rate and corrected once by counting.
 */
function showPassages(
  pending: readonly PendingPassages[],
  hits: readonly RecallHit[],
  words: PassageWords,
  budget: HitBudget,
): void {
  const { linesCommand, tokenizer } = budget;
  const prepared = pending.map((p) => {
    const command =
      linesCommand === undefined ? undefined : (a: number, b: number) => linesCommand(p.hit.id, a, b);
    return { ...p, passages: preparePassages(p.original, words.words, words.weight, command) };
  });
  const asked = words.words.reduce((n, w) => n + words.weight(w), 0);
  const partly =
    prepared[0]?.hit === hits[0]
      ? partlyMatching(
          prepared.map((p) => p.passages?.held),
          asked,
        )
      : prepared.map(() => false);
  const shown = () => hits.reduce((n, h) => n + (h.text === '' ? 0 : tokenizer.count(h.text)), 0);
  let rest = Math.max(0, budget.tokens - shown());
  for (const [i, p] of prepared.entries()) {
    if (partly[i] && p.passages) {
      const share = Math.min(PARTIAL_TOKENS, rest);
      p.hit.text = fitTight(p.original, p.passages.show, { share, left: rest }, tokenizer);
    } else if (p.original.length <= MIN_PASSAGE_CHARS) {
      // A short original is shown whole: it takes what it takes, and leaves the rest to the long ones.
      p.hit.text = p.original;
    } else continue;
    rest = Math.max(0, rest - tokenizer.count(p.hit.text));
  }
  const long = prepared.filter((p, i) => !partly[i] && p.original.length > MIN_PASSAGE_CHARS);
  if (long.length === 0) return;
  // The budget counts the hits' texts only (fitToBudget), so the texts may fill it.
  rest = Math.max(0, budget.tokens - shown());
  const weights = roomWeights(
    long.map((p) => p.hit),
    hits[0]?.score ?? 0,
  );
  let total = weights.reduce((a, b) => a + b, 0);
  for (const [i, { hit, original, summary, passages }] of long.entries()) {
    const weight = weights[i] ?? 0;
    const share = (rest * weight) / total;
    total -= weight;
    if (passages === undefined) {
      [hit.text, hit.form] = summary.trim() !== '' ? [summary, 'summary'] : [head(original), 'snippet'];
      rest = Math.max(0, rest - tokenizer.count(hit.text));
      continue;
    }
    hit.text = fitPassages(original, passages.show, { share, left: rest }, tokenizer);
    rest = Math.max(0, rest - tokenizer.count(hit.text));
  }
}

function round(score: number): number {
  return Math.round(score * 10_000) / 10_000;
}
