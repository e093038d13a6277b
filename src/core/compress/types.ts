import type { ContentClass } from '../classify/index.js';

/** What a compressor may know about the text besides the text itself. */
export interface CompressContext {
  /** File path the text came from (selects the code language, structured format…). */
  path?: string;
  /** Language id when known ("typescript", "python"…). */
  language?: string;
  toolName?: string;
  command?: string;
  /** Identifiers, paths or names mentioned in recent turns: keep them when possible. */
  keep?: readonly string[];
  /**
   * The text is the agent's own writing (assistant text), not a document it read: prose keeps
   * its opening and its needles and actions, without framing every paragraph.
   */
  reasoning?: boolean;
  /**
   * The text is past any context window (a block of millions of characters): a log is summarised
   * in one pass over its lines, in bounded memory (log/digest.ts).
   */
  pastWindow?: boolean;
}

export interface Summary {
  /** The compressed text (the original itself when `helped` is false). */
  text: string;
  /** False when the compressor could not make the text shorter and returned it unchanged. */
  helped: boolean;
  /** One short line on what was done, e.g. "pytest: 3 failed / 120 passed". */
  note?: string;
  /** Names of the original (files, tests, errors…) that neither the summary nor its names line shows. */
  namesLeftOut?: number;
}

/** A compressor is a pure, deterministic function. It never throws and never lengthens. */
export type Compressor = (text: string, context: CompressContext) => Summary;

/** Classes that have a compressor (prompt is protected and never compressed). */
export type CompressibleClass = Exclude<ContentClass, 'prompt'>;
