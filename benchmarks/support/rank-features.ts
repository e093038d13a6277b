import Database from 'better-sqlite3';
import { occursIn } from '../../src/doors/bench/needles.js';
import { echoPenalty } from '../../src/core/recall/echo.js';
import { parseQuery } from '../../src/core/recall/query.js';
import { CANDIDATES } from '../../src/core/recall/recall.js';
import { lineSet, repeatsOf } from '../../src/core/recall/repeats.js';
import { selectTerms } from '../../src/core/recall/terms-select.js';
import type { Candidate, SearchScope } from '../../src/core/store/index.js';
import { ftsTokens } from '../../src/core/store/terms.js';
import type { GardenerStore } from '../../src/core/store/types.js';

/** Characters of an entry whose words are looked for in the query. */
const CONTAINED_CHARS = 4_000;

/** One candidate entry of a query: what a ranking could know of it, and whether it holds the needle. */
export interface CandidateRow {
  id: string;
  holds: boolean;
  /** Its path holds the needle: a hit shows its path, so the model reads the needle even when the original lacks it. */
  pathHolds: boolean;
  /** bm25 relative to the best candidate (1 for the best). */
  rel: number;
  /** Place in the bm25 order, as a share of the candidates (0 first). */
  bmPlace: number;
  priority: number;
  names: number | null;
  inSession: number;
  /** The agent's own text, as recall's echo penalty and one place for it judge (src/core/recall/echo.ts). */
  echo: boolean;
  fromCall: number | null;
  cls: string;
  tool: string | null;
  chars: number;
  /** How far back among the candidates it was stored, as a share (0 the newest). */
  back: number;
  /** The share of the searched words' idf weight the entry holds in any indexed column. */
  coverage: number;
  /** The share of the searched words the entry holds. */
  held: number;
  /** The share of the entry's distinct words (in its first CONTAINED_CHARS) that the query says. */
  contained: number;
  /** The share of the query's compound names (paths, dotted or snake_case names) its original holds as typed. */
  compounds: number;
  /** A searched word is a word of its path. */
  pathHit: number;
  /** Places (bm25 order) of the other candidates whose text it repeats (src/core/recall/repeats.ts). */
  repeats: number[];
}

export interface QueryRow {
  /** The session asking: the two-fold check of the fit splits by session, so no session is on both sides. */
  session: string;
  heldOut: boolean;
  needle: string;
  kind: string;
  candidates: CandidateRow[];
}

/** Reads the `terms` column (call, hint, name parts) the index holds beside the texts. */
export function termsReader(file: string): {
  read: (seqs: number[]) => Map<number, string>;
  close: () => void;
} {
  const db = new Database(file, { readonly: true });
  const statement = db.prepare<[string], { seq: number; terms: string }>(
    'SELECT seq, terms FROM entries WHERE seq IN (SELECT value FROM json_each(?))',
  );
  return {
    read: (seqs) => new Map(statement.all(JSON.stringify(seqs)).map((r) => [r.seq, r.terms])),
    close: () => db.close(),
  };
}

/**
 * The candidates recall ranks for `query` (same words, scope and count), each with its features
 * and whether its original holds the needle: the data to fit a ranking on (benchmarks/support/fit-rank.ts).
 */
export function candidateRows(
  store: GardenerStore,
  terms: (seqs: number[]) => Map<number, string>,
  scope: { project: string; session: string },
  q: { query: string; needle: string },
  holds: (id: string) => boolean,
): CandidateRow[] {
  const deps = store.index;
  const projectId = deps.projectId(scope.project);
  if (projectId === undefined) return [];
  const session = deps.sessionIds(scope);
  const searchScope: SearchScope = { projectIds: [projectId], classes: [] };
  if (session) searchScope.current = session.sessionId;
  const parsed = parseQuery(q.query);
  if (parsed.words.length === 0) return [];
  const selection = selectTerms(parsed, deps.vocab);
  const items = [...selection.terms.map((t) => t.token), ...selection.phrases.map((p) => p.join(' '))];
  const entries: Candidate[] = deps.search.entries(items, searchScope, deps.now(), CANDIDATES);
  const seqs = entries.map((e) => e.seq);
  const texts = deps.search.texts(seqs);
  const indexed = terms(seqs);
  const idf = new Map(selection.terms.map((t) => [t.token, Math.log(1 + selection.docs / t.df)]));
  const totalIdf = [...idf.values()].reduce((a, b) => a + b, 0);
  const best = Math.min(-1e-9, ...entries.map((e) => e.rank));
  const bySeq = [...seqs].sort((a, b) => b - a);
  const queryWords = new Set(ftsTokens(q.query));
  const lines = entries.map((e) => lineSet(texts.get(e.seq)?.original ?? ''));
  return entries.map((e, place): CandidateRow => {
    const text = texts.get(e.seq) ?? { original: '', summary: '' };
    const words = new Set(
      ftsTokens(`${text.original}\n${text.summary}\n${e.sourcePath ?? ''}\n${indexed.get(e.seq) ?? ''}`),
    );
    const pathWords = new Set(ftsTokens(e.sourcePath ?? ''));
    const heldTerms = selection.terms.filter((t) => words.has(t.token));
    const own = lines[place] ?? new Set<string>();
    return {
      id: e.id,
      holds: holds(e.id),
      pathHolds: occursIn(e.sourcePath ?? '', q.needle),
      rel: e.rank / best,
      bmPlace: place / Math.max(1, entries.length - 1),
      priority: e.priority / 100,
      names: e.names,
      inSession: e.inSession,
      echo: echoPenalty(e) > 0,
      fromCall: e.fromCall,
      cls: e.class,
      tool: e.sourceTool,
      chars: text.original.length,
      back: bySeq.indexOf(e.seq) / Math.max(1, entries.length - 1),
      coverage: totalIdf === 0 ? 0 : heldTerms.reduce((n, t) => n + (idf.get(t.token) ?? 0), 0) / totalIdf,
      held: selection.terms.length === 0 ? 0 : heldTerms.length / selection.terms.length,
      contained: containedShare(text.original.slice(0, CONTAINED_CHARS), queryWords),
      compounds:
        parsed.compounds.length === 0
          ? 0
          : parsed.compounds.filter((c) => text.original.includes(c)).length / parsed.compounds.length,
      pathHit: selection.terms.some((t) => pathWords.has(t.token)) ? 1 : 0,
      repeats: lines.flatMap((other, j) =>
        j !== place && own.size > 0 && other.size > 0 && repeatsOf(own, other) ? [j] : [],
      ),
    };
  });
}

function containedShare(text: string, queryWords: ReadonlySet<string>): number {
  const words = new Set(ftsTokens(text));
  if (words.size === 0) return 0;
  let said = 0;
  for (const w of words) if (queryWords.has(w)) said++;
  return said / words.size;
}
