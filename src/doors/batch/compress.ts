import type { BreakdownClass, ClassBreakdown } from '../../core/garden/index.js';
import type { Store } from '../../core/store/index.js';
import { countRequest } from '../../core/tokens/index.js';
import { defaultTokenizer } from '../../core/tokens/index.js';
import { toRequest, type Transcript } from '../../core/transcript/index.js';
import { openSession } from '../kit/session.js';

export interface CompressOptions {
  /** Compact only until the transcript fits this many tokens (else: every eligible block). */
  budget: number | undefined;
  minTokens: number;
  keepLastTurns: number;
  /** Session name; default: each transcript's own id. */
  session: string | undefined;
  /**
   * The transcripts are handed over (a one-shot command): each one's messages are taken as it is
   * compressed (its array is left empty) and the engine drops an original from memory once the
   * store holds it, reading it back when it shows it. Default false: the transcripts are left as given.
   */
  consume?: boolean;
}

export interface CompressStats {
  transcripts: number;
  messages: number;
  /** Tokens of the whole request (system, tools, messages), before and after. */
  tokensBefore: number;
  tokensAfter: number;
  events: number;
  byClass: Partial<Record<BreakdownClass, ClassBreakdown>>;
  elapsedMs: number;
}

export interface CompressResult {
  transcripts: Transcript[];
  stats: CompressStats;
}

/** The engine never needs to fit anything on the no-budget path; any size will do. */
const UNBOUNDED_BUDGET = Number.MAX_SAFE_INTEGER;

/**
 * Compresses transcripts as a one-shot door: each goes through the engine (sync → compact →
 * render), so originals are stored before anything is shortened and the result is a valid request.
 * With a budget it compacts only until the transcript fits (BUDGET_IMPOSSIBLE when it cannot);
 * without one, every eligible block becomes its summary.
 */
export function compressTranscripts(
  store: Store,
  project: string,
  transcripts: readonly Transcript[],
  options: CompressOptions,
): CompressResult {
  const started = performance.now();
  const tokenizer = defaultTokenizer();
  const stats: CompressStats = {
    transcripts: 0,
    messages: 0,
    tokensBefore: 0,
    tokensAfter: 0,
    events: 0,
    byClass: {},
    elapsedMs: 0,
  };
  const out: Transcript[] = [];
  for (const transcript of transcripts) {
    const session = openSession({
      store,
      scope: { project, session: sessionName(options.session, transcript, transcripts.length) },
      budget: options.budget ?? UNBOUNDED_BUDGET,
      tokenizer,
      config: {
        keepLastTurns: options.keepLastTurns,
        minSavingTokens: options.minTokens,
        inject: 'off',
        persist: false,
        oneShot: options.consume === true,
      },
    });
    const { garden } = session;
    try {
      // Counted before the engine sees the transcript: a consuming engine takes its messages.
      stats.messages += transcript.messages.length;
      stats.tokensBefore += countRequest(tokenizer, toRequest(transcript));
      let request;
      if (options.budget !== undefined) {
        request = session.next(transcript, { target: options.budget, strict: true, inject: false }).request;
      } else {
        garden.sync(transcript);
        garden.compactAll({ minTokens: options.minTokens, keepLastTurns: options.keepLastTurns });
        request = garden.render({ inject: false });
      }
      const compacted: Transcript = { ...transcript, messages: request.messages };
      if (request.system !== undefined) compacted.system = request.system;
      if (request.tools !== undefined) compacted.tools = request.tools;
      out.push(compacted);
      stats.transcripts += 1;
      stats.tokensAfter += countRequest(tokenizer, request);
      stats.events += garden.counters().events;
      mergeBreakdown(stats.byClass, garden.classStats());
    } finally {
      session.close();
    }
  }
  stats.elapsedMs = performance.now() - started;
  return { transcripts: out, stats };
}

function sessionName(given: string | undefined, transcript: Transcript, count: number): string {
  const name = given?.trim();
  if (!name) return transcript.id;
  return count > 1 ? `${name}/${transcript.id}` : name;
}

/** Adds one breakdown by class into another. */
export function mergeBreakdown(
  into: Partial<Record<BreakdownClass, ClassBreakdown>>,
  from: Partial<Record<BreakdownClass, ClassBreakdown>>,
): void {
  for (const [cls, row] of Object.entries(from) as Array<[BreakdownClass, ClassBreakdown]>) {
    const sum = (into[cls] ??= { blocks: 0, tokensBefore: 0, tokensAfter: 0, summaries: 0, stubs: 0 });
    sum.blocks += row.blocks;
    sum.tokensBefore += row.tokensBefore;
    sum.tokensAfter += row.tokensAfter;
    sum.summaries += row.summaries;
    sum.stubs += row.stubs;
  }
}
