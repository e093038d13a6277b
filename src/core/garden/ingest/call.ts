import { hintCommand, hintPath } from '../../classify/index.js';
import { blockText, contentBlocks } from '../../transcript/index.js';
import type { MessageParam } from '../../transcript/index.js';

/**
 * What produced a block's text, in words the store indexes with it: a query that names what was
 * run (`pytest tests/`, `grep -n parse src/`) then finds the output even when the output itself
 * never repeats those words (an `ls` listing its names, a test run its dots); benchmarks/store.ts
 * quality measures it.
 */

/** Inputs of search-like tools that say what was asked for. */
const ASKED_KEYS = ['pattern', 'glob', 'query', 'url', 'description'] as const;
/** Characters of an agent's message searched for a fenced action, from the end. */
const ACTION_WINDOW = 4_000;
/** The last fenced block (mini-swe-agent's ```bash) or function call (SWE-agent's XML) of a message. */
const FENCED = /```[\w-]*\n([\s\S]*?)```/g;
const FUNCTION_CALL = /<function=([\w-]+)>([\s\S]*?)(?:<\/function>|$)/g;

/** A tool call as text: its command, or what it searched for and where. */
export function toolCallText(name: string, input: Record<string, unknown>): string | undefined {
  const hints = { role: 'assistant' as const, blockType: 'tool_use', toolName: name, toolInput: input };
  const command = hintCommand(hints);
  if (command !== undefined) return command;
  const asked = ASKED_KEYS.map((key) => input[key]).filter(
    (value): value is string => typeof value === 'string',
  );
  const path = hintPath(hints);
  const parts = [...asked, ...(path !== undefined ? [path] : [])].filter((part) => part !== '');
  return parts.length > 0 ? parts.join(' ') : undefined;
}

/**
 * The action in an agent's message, for formats without tool blocks, where the next user message
 * is its observation: the last fenced code block, else the last `<function=…>` call.
 */
export function agentAction(text: string): string | undefined {
  const tail = text.length > ACTION_WINDOW ? text.slice(-ACTION_WINDOW) : text;
  const fenced = [...tail.matchAll(FENCED)].at(-1)?.[1]?.trim();
  if (fenced) return fenced;
  // A call's start can sit before the window when a parameter is long (a file written whole).
  const start = text.lastIndexOf('<function=');
  if (start < 0) return undefined;
  const call = [...text.slice(start).matchAll(FUNCTION_CALL)][0];
  if (!call) return undefined;
  const parameters = [...(call[2] ?? '').matchAll(/<parameter=[\w-]+>([\s\S]*?)<\/parameter>/g)]
    .map((m) => (m[1] ?? '').trim())
    .filter((value) => value !== '');
  return [call[1], ...parameters].join(' ');
}

/** The action of the message before an observation, when that message is the agent's. */
export function actionBefore(message: MessageParam | undefined): string | undefined {
  if (message?.role !== 'assistant') return undefined;
  const text = contentBlocks(message)
    .map((block) => (block.type === 'text' ? blockText(block) : ''))
    .join('\n');
  return agentAction(text);
}
