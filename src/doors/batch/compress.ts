import type { Garden } from '../../core/garden/index.js';
import type { BreakdownClass, ClassBreakdown } from '../../core/garden/constants.js';
import type { Store } from '../../core/store/index.js';
import { countMessage, countRequest, type Tokenizer } from '../../core/tokens/index.js';
import { defaultTokenizer } from '../../core/tokens/index.js';
import {
  toRequest,
  type MessageParam,
  type StreamedTranscript,
  type Transcript,
} from '../../core/transcript/index.js';
import { contextWindowOf } from '../kit/provider/prices.js';
import { openSession, type DoorSession } from '../kit/session.js';

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
  /** Transcripts still larger than their model's context window once compressed. */
  overWindow: OverWindow[];
}

/** A compressed transcript still too large for its model. */
export interface OverWindow {
  transcript: string;
  /** The model the transcript names, if it names one. */
  model: string | undefined;
  /** Tokens of the compressed request. */
  tokens: number;
  /** The model's context window (the default one when it names none). */
  window: number;
}

export interface CompressResult {
  transcripts: Transcript[];
  stats: CompressStats;
}

/** Transcripts compressed and ready to be written, each one's messages rendered as they are read. */
export interface CompressedRun {
  /** Read each one's messages once, in order, while the store is open; then close(). */
  transcripts: StreamedTranscript[];
  /** Complete once every transcript's messages have been read. */
  stats: CompressStats;
  /** Closes the transcripts' sessions (the stats' time ends here). */
  close(): void;
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
  const run = compressForWriting(store, project, transcripts, options);
  try {
    const out = run.transcripts.map((transcript) => ({ ...transcript, messages: [...transcript.messages] }));
    return { transcripts: out, stats: run.stats };
  } finally {
    run.close();
  }
}

/**
 * compressTranscripts for a writer: every transcript is synced and compacted (stored, checked and
 * shortened) before this returns, so a bad input or an impossible budget fails before anything is
 * written; the messages are then rendered one at a time as the writer reads them.
 */
export function compressForWriting(
  store: Store,
  project: string,
  transcripts: readonly Transcript[],
  options: CompressOptions,
): CompressedRun {
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
    overWindow: [],
  };
  const sessions: DoorSession[] = [];
  const close = () => {
    stats.elapsedMs = performance.now() - started;
    closeAll(sessions.splice(0));
  };
  const out: StreamedTranscript[] = [];
  try {
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
      sessions.push(session);
      out.push(compressOne(session.garden, transcript, options, { tokenizer, stats }));
    }
  } catch (error) {
    close();
    throw error;
  }
  return { transcripts: out, stats, close };
}

/** Closes every session, the rest too when one fails (its failure is thrown once all are closed). */
function closeAll(sessions: readonly DoorSession[]): void {
  const [first, ...rest] = sessions;
  if (first === undefined) return;
  try {
    first.close();
  } finally {
    closeAll(rest);
  }
}

interface Tally {
  tokenizer: Tokenizer;
  stats: CompressStats;
}

/** Syncs and compacts one transcript; its messages render as they are read, and are counted then. */
function compressOne(
  garden: Garden,
  transcript: Transcript,
  options: CompressOptions,
  tally: Tally,
): StreamedTranscript {
  const { tokenizer, stats } = tally;
  // Counted before the engine sees the transcript: a consuming engine takes its messages.
  stats.messages += transcript.messages.length;
  stats.tokensBefore += countRequest(tokenizer, toRequest(transcript));
  garden.sync(transcript);
  if (options.budget !== undefined) garden.plan({ target: options.budget, strict: true });
  else garden.compactAll({ minTokens: options.minTokens, keepLastTurns: options.keepLastTurns });
  const request = garden.renderEach();
  stats.transcripts += 1;
  const fixed = countRequest(tokenizer, { ...request, messages: [] });
  stats.tokensAfter += fixed;
  const size = { transcript: transcript.id, model: modelOf(transcript), tokens: fixed };
  const compacted: StreamedTranscript = {
    ...transcript,
    messages: counted(garden, request.messages, tally, size),
  };
  if (request.system !== undefined) compacted.system = request.system;
  if (request.tools !== undefined) compacted.tools = request.tools;
  return compacted;
}

/**
 * The messages as they are read, each counted; once the last is read, the garden's figures, and
 * the transcript's size against its model's window.
 */
function* counted(
  garden: Garden,
  messages: Iterable<MessageParam>,
  tally: Tally,
  size: Omit<OverWindow, 'window'>,
): Generator<MessageParam> {
  const { tokenizer, stats } = tally;
  for (const message of messages) {
    const tokens = countMessage(tokenizer, message);
    stats.tokensAfter += tokens;
    size.tokens += tokens;
    yield message;
  }
  stats.events += garden.counters().events;
  mergeBreakdown(stats.byClass, garden.classStats());
  const window = contextWindowOf(size.model ?? '');
  if (size.tokens > window) stats.overWindow.push({ ...size, window });
}

/** The model a transcript names: its request's `model`, or the one its session log recorded. */
function modelOf(transcript: Transcript): string | undefined {
  const model = transcript.extra?.['model'] ?? transcript.meta?.model;
  return typeof model === 'string' && model.trim() !== '' ? model : undefined;
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
