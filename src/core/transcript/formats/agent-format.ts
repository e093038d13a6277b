import type { MessageParam } from '../types.js';
import type { FormatImporter } from './importer.js';

/**
 * A tool output taken out of the envelope an agent wrapped it in. The classifier and the
 * compressors look at `body`; the envelope that unwrapped it puts a compact one back around the
 * summary.
 */
export interface Unwrapped {
  /** The envelope it came out of (`Envelope.kind`), or `none`. */
  kind: string;
  /** The tool output itself. Elided middles become one `[… N characters elided …]` line. */
  body: string;
  /** Process exit code when the envelope says it. */
  exitCode?: number;
  /** Characters the agent itself cut out of the middle. */
  elidedChars?: number;
  /** Status lines the agent prints after each output (open file, current directory). */
  status?: string[];
}

/** One way an agent wraps tool output, and the compact form gardener puts back around a summary. */
export interface Envelope {
  /** Stable name, written into `Unwrapped.kind`. */
  kind: string;
  /** The text's body when the text is in this envelope; undefined when it is not. Cheap on a miss. */
  unwrap(text: string): Unwrapped | undefined;
  /** The summary of `unwrapped.body` in a compact envelope: what the model still needs of the frame. */
  rewrap(unwrapped: Unwrapped, summary: string): string;
}

/**
 * How an agent's tool output reaches the model when it is not in `tool_result` blocks, so that
 * user text can be told apart from what the user typed.
 */
export interface ObservationRules {
  /** The agent has no tool blocks: after the task, its tool output arrives as user text. */
  inUserText: boolean;
  /**
   * A label in front of tool output. It is looked for in the user text of every transcript:
   * datasets converted from this agent's runs keep it in plain user messages.
   */
  label?: RegExp;
  /** Text block `blockIndex` of user message `messageIndex` is output the agent added, not typed. */
  isOutput?(messages: readonly MessageParam[], messageIndex: number, blockIndex: number): boolean;
}

/**
 * Everything gardener knows about one agent's (or API's) transcripts: how to detect and read its
 * files, the envelopes it wraps tool output in, and how its tool output reaches the model.
 */
export interface AgentFormat extends FormatImporter {
  /** Tried on every tool output, whatever its transcript's format (a summary may travel). */
  envelopes?: readonly Envelope[];
  observations?: ObservationRules;
}

/** gardener's own compact envelope: one `[exit N]` line above the summary. */
export function exitTagged(exitCode: number | undefined, summary: string): string {
  const tag = `[exit ${exitCode ?? 0}]`;
  return summary === '' ? tag : `${tag}\n${summary}`;
}

const EXIT_TAG = /^\[exit (-?\d+)\](?:\n|$)/;

/** The `[exit N]` envelope recognised too, so a summary unwraps like its original. */
export const exitTagEnvelope: Envelope = {
  kind: 'exit-tag',
  unwrap(text) {
    const tag = EXIT_TAG.exec(text);
    return tag ? { kind: 'exit-tag', body: text.slice(tag[0].length), exitCode: Number(tag[1]) } : undefined;
  },
  rewrap: (unwrapped, summary) => exitTagged(unwrapped.exitCode, summary),
};
