import { classify } from '../../classify/index.js';
import type { ContentClass } from '../../classify/index.js';
import { unwrapToolOutput } from '../../classify/index.js';
import type { Transcript } from '../../transcript/index.js';

/**
 * Which user text did the user type?
 *
 * - Formats with tool blocks (Claude Code, Anthropic): tool output arrives as `tool_result` blocks,
 *   so user text blocks are typed, except one that starts with SWE-agent's `OBSERVATION:` label (any case)
 *   (dataset rows converted from SWE-agent trajectories keep tool output in plain user messages).
 * - `transcript.meta.observations` (message indices), when an importer knows them, is the answer:
 *   text of those user messages is tool output, all other user text is typed.
 * - Formats without tool blocks (mini-swe-agent, swe-agent, aider, openhands, and adp rows that
 *   hold such trajectories): observations arrive as user text. The first user message is the task
 *   (typed); a later user text is an observation when it sits in a tool-output envelope the
 *   classifier knows (mini-swe-agent's `<returncode>`, aider's `> ` quoting, `Exit code N`), or when
 *   the classifier, asked without `isUserTyped`, calls it log, code, structured or error.
 * - aider: the first text of the user message that follows aider's "Add the output to the chat?"
 *   question, answered with anything but "n", is the output of the user's `/run` or `/test` command
 *   (aider quotes it with `> `, which the importer removes), not text the user typed.
 *
 * `gardener bench`'s `mask` strategy uses the same rule to find "tool results" in those formats.
 */
export const FORMATS_WITHOUT_TOOL_BLOCKS: ReadonlySet<string> = new Set([
  'mini-swe-agent',
  'swe-agent',
  'aider',
  'openhands',
  'adp',
]);

/** SWE-agent's label in front of tool output. */
const OBSERVATION_LABEL = /^\s*OBSERVATION:/i;

/** aider's question before it adds a command's output to the chat, at the end of a user text. */
const AIDER_ADD_OUTPUT = /Add the output to the chat\?\s*$/;
/** aider's answer line (the importer files it as assistant text); the answer is group 1. */
const AIDER_ANSWER = /^\(y\/n\/instructions\)\s*(.*)$/;
/** An answer that declines: nothing is added. */
const AIDER_DECLINE = /^(n|no)$/i;

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
  const textBased = FORMATS_WITHOUT_TOOL_BLOCKS.has(transcript.format);
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
    if (OBSERVATION_LABEL.test(block.text)) return false;
    if (!textBased) return true;
    if (transcript.format === 'aider' && blockIndex === 0 && isAiderOutput(transcript.messages, messageIndex))
      return false;
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

/** Whether user message `index` holds command output aider asked to add (see the rule above). */
function isAiderOutput(messages: Transcript['messages'], index: number): boolean {
  const answer = messages[index - 1];
  const question = messages[index - 2];
  if (answer?.role !== 'assistant' || question?.role !== 'user') return false;
  const answered = AIDER_ANSWER.exec(lastText(answer.content).trim());
  if (!answered || AIDER_DECLINE.test((answered[1] ?? '').trim())) return false;
  return AIDER_ADD_OUTPUT.test(lastText(question.content));
}

function lastText(content: Transcript['messages'][number]['content']): string {
  if (typeof content === 'string') return content;
  const last = content[content.length - 1];
  return last?.type === 'text' ? last.text : '';
}

function observationIndices(value: unknown): Set<number> | undefined {
  if (!Array.isArray(value)) return undefined;
  return new Set(value.filter((v): v is number => Number.isInteger(v)));
}
