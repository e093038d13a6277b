import { classify } from '../../classify/index.js';
import type { ContentClass } from '../../classify/index.js';
import {
  isLabelledObservation,
  observationRules,
  unwrapToolOutput,
  type Transcript,
} from '../../transcript/index.js';

/**
 * Which user text did the user type?
 *
 * - Formats with tool blocks: tool output arrives as `tool_result` blocks,
 *   so user text blocks are typed, except one that starts with an agent's tool-output label
 *   (dataset rows converted from such an agent's trajectories keep tool output in plain user messages).
 * - `transcript.meta.observations` (message indices), when an importer knows them, is the answer:
 *   text of those user messages is tool output, all other user text is typed.
 * - Formats whose tool output arrives as user text (their format module says so): the first user
 *   message is the task (typed); a later user text is an observation when the format's own rule
 *   says so, when it sits in a tool-output envelope an agent's format module knows, or when the
 *   classifier, asked without `isUserTyped`, calls it log, code, structured or error.
 *
 * `gardener bench`'s `mask` strategy uses the same rule to find "tool results" in those formats.
 */
/** Classes that mark a user text of a format without tool blocks as tool output. */
const OBSERVATION_CLASSES: ReadonlySet<ContentClass> = new Set(['log', 'code', 'structured', 'error']);

/** Tells whether block `blockIndex` of message `messageIndex` is text the user typed. */
export type TypedTest = (messageIndex: number, blockIndex: number) => boolean;

/**
 * The rule above for one transcript; classification results are cached per message. A test reads
 * message `messageIndex` and the two before it, and the roles of the messages before it: the
 * messages after it need not be in `transcript.messages` yet (a sync adds each as it reads it).
 */
export function typedByUser(transcript: Pick<Transcript, 'format' | 'meta' | 'messages'>): TypedTest {
  const observations = observationIndices(transcript.meta?.['observations']);
  // Found at the first test of a user message: that message or one before it is the first.
  let firstUser: number | undefined;
  const rules = observationRules(transcript.format);
  const cache = new Map<string, boolean>();

  return (messageIndex, blockIndex) => {
    const message = transcript.messages[messageIndex];
    if (message === undefined || message.role !== 'user') return false;
    const block =
      typeof message.content === 'string'
        ? { type: 'text', text: message.content }
        : message.content[blockIndex];
    if (block === undefined || block.type !== 'text') return false;
    if (observations !== undefined) return !observations.has(messageIndex);
    firstUser ??= transcript.messages.findIndex((m) => m.role === 'user');
    if (messageIndex === firstUser) return true;
    if (isLabelledObservation(block.text)) return false;
    if (rules?.inUserText !== true) return true;
    if (rules.isOutput?.(transcript.messages, messageIndex, blockIndex) === true) return false;
    const key = `${messageIndex}.${blockIndex}`;
    let typed = cache.get(key);
    if (typed === undefined) {
      typed =
        unwrapToolOutput(block.text).kind === 'none' &&
        !OBSERVATION_CLASSES.has(classify(block.text, { role: 'user', blockType: 'text' }));
      cache.set(key, typed);
    }
    return typed;
  };
}

function observationIndices(value: unknown): Set<number> | undefined {
  if (!Array.isArray(value)) return undefined;
  return new Set(value.filter((v): v is number => Number.isInteger(v)));
}
