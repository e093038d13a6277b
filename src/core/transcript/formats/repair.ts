import type { Block, MessageParam } from '../types.js';
import { contentText, textBlock, toolInput, type DraftMessage } from './draft.js';

/** Every structural fix an importer may make; each is counted in `meta.repairKinds`. */
export type RepairKind =
  | 'system-message-moved'
  | 'misplaced-block'
  | 'empty-text-dropped'
  | 'empty-message-dropped'
  | 'same-role-merged'
  | 'tool-use-fixed'
  | 'duplicate-tool-use-id'
  | 'orphan-tool-result'
  | 'unanswered-tool-use'
  | 'tool-result-reordered';

export type RepairCounts = Partial<Record<RepairKind, number>>;

export interface Repaired {
  /** Texts of the system messages that came before any conversation message. */
  system: string[];
  messages: MessageParam[];
  repairs: RepairCounts;
}

/** Content of the tool_result added for a tool call whose result the source never recorded. */
export const UNRECORDED_RESULT = '[gardener: no result was recorded for this tool call]';

const ASSISTANT_ONLY = new Set(['tool_use', 'server_tool_use', 'thinking', 'redacted_thinking']);

type Counter = (kind: RepairKind) => void;
type Role = 'user' | 'assistant';
interface Working {
  role: Role;
  content: string | Block[];
}

/**
 * Makes draft messages a valid Messages API conversation, minimally and deterministically,
 * never dropping user content. Rules, in order:
 * 1. system messages before the first message become the system prompt; later ones become user text;
 * 2. empty or whitespace-only text blocks are dropped; then empty messages are dropped;
 * 3. a block in the wrong role (tool_use/thinking from the user, tool_result from the assistant) becomes text;
 * 4. a tool_use without id, name or object input gets a generated id, "unknown_tool", or wrapped input;
 * 5. consecutive messages of one role are merged into one;
 * 6. a reused tool_use id is renamed (and the tool_result answering it in the next message follows);
 * 7. a tool_result that answers no tool_use of the preceding assistant message (or answers it twice) becomes text;
 * 8. a tool_use left unanswered before the next user message gets an error tool_result saying so;
 * 9. tool_result blocks are moved before the other blocks of their message.
 * A message that needs none of this keeps its content object unchanged (a string stays a string).
 */
export function repairMessages(drafts: readonly DraftMessage[]): Repaired {
  const repairs: RepairCounts = {};
  const count: Counter = (kind) => {
    repairs[kind] = (repairs[kind] ?? 0) + 1;
  };
  const system: string[] = [];
  const working: Working[] = [];
  let generatedIds = 0;
  for (const draft of drafts) {
    let role: Role;
    let raw = draft.content;
    if (draft.role === 'system') {
      const text = contentText(draft.content);
      if (working.length === 0) {
        if (text.trim() !== '') system.push(text);
        continue;
      }
      count('system-message-moved');
      [role, raw] = ['user', [textBlock(text)]];
    } else {
      role = draft.role;
    }
    const content = cleanContent(role, raw, count, () => `toolu_gardener_${++generatedIds}`);
    if (content === undefined) {
      count('empty-message-dropped');
      continue;
    }
    const previous = working[working.length - 1];
    if (previous && previous.role === role && isContent(previous.content) && isContent(content)) {
      count('same-role-merged');
      previous.content = [...asBlocks(previous.content), ...asBlocks(content)];
    } else {
      working.push({ role, content });
    }
  }
  return { system, messages: pairTools(working, count), repairs };
}

/** A string or block array; anything else is left as it is for validate() to report. */
function isContent(content: unknown): content is string | Block[] {
  return typeof content === 'string' || Array.isArray(content);
}

function asBlocks(content: string | Block[]): Block[] {
  return typeof content === 'string' ? [textBlock(content)] : content;
}

function isBlank(text: unknown): boolean {
  return typeof text !== 'string' || text.trim() === '';
}

/** Rules 2–4 for one message; undefined when nothing is left. */
function cleanContent(
  role: Role,
  content: string | Block[],
  count: Counter,
  newId: () => string,
): string | Block[] | undefined {
  if (typeof content === 'string') return isBlank(content) ? undefined : content;
  if (!Array.isArray(content)) return content; // not a content at all: validate() reports it
  let changed = false;
  const out: Block[] = [];
  for (const block of content) {
    // Not a block at all: left for validate() to report, with its path.
    if (typeof block !== 'object' || block === null) {
      out.push(block);
      continue;
    }
    const fixed = cleanBlock(role, block, count, newId);
    if (fixed !== block) changed = true;
    if (fixed !== undefined) out.push(fixed);
  }
  if (out.length === 0) return undefined;
  return changed ? out : content;
}

function cleanBlock(role: Role, block: Block, count: Counter, newId: () => string): Block | undefined {
  if (block.type === 'text') {
    if (!isBlank(block.text)) return block;
    count('empty-text-dropped');
    return undefined;
  }
  if (role === 'user' && ASSISTANT_ONLY.has(block.type)) {
    count('misplaced-block');
    const text = misplacedText(block);
    return isBlank(text) ? undefined : textBlock(text);
  }
  if (role === 'assistant' && block.type === 'tool_result') {
    count('misplaced-block');
    return textBlock(resultAsText(block, 'tool result'));
  }
  if (block.type === 'tool_use') {
    const { input, repaired } = toolInput(block.input);
    const id = typeof block.id === 'string' && block.id !== '' ? block.id : newId();
    const name = typeof block.name === 'string' && block.name !== '' ? block.name : 'unknown_tool';
    if (!repaired && id === block.id && name === block.name && input === block.input) return block;
    count('tool-use-fixed');
    return { ...block, id, name, input };
  }
  return block;
}

function misplacedText(block: Block): string {
  if (block.type === 'tool_use' || block.type === 'server_tool_use')
    return `[tool call ${block.name}: ${JSON.stringify(block.input ?? {})}]`;
  if (block.type === 'thinking') return block.thinking;
  return ''; // redacted thinking carries nothing readable
}

/** A tool_result as readable text (its text parts; other parts by type). */
function resultAsText(block: Extract<Block, { type: 'tool_result' }>, label: string): string {
  const header = `[${label} for ${block.tool_use_id}${block.is_error === true ? ', error' : ''}]`;
  const content = block.content;
  if (content === undefined || content === '') return header;
  if (typeof content === 'string') return `${header}\n${content}`;
  const parts = content.map((part) => (part.type === 'text' ? part.text : `[${part.type}]`));
  return [header, ...parts].join('\n');
}

/** Images of a tool_result turned into text stay as image blocks beside the text. */
function resultImages(block: Extract<Block, { type: 'tool_result' }>): Block[] {
  if (!Array.isArray(block.content)) return [];
  return block.content.filter((part) => part.type === 'image');
}

/** Rules 6–9. */
function pairTools(working: Working[], count: Counter): MessageParam[] {
  const seenIds = new Set<string>();
  const messages: MessageParam[] = [];
  let pending: string[] = [];
  let renamed = new Map<string, string>();
  for (let index = 0; index < working.length; index++) {
    const message = working[index]!;
    if (!isContent(message.content)) {
      messages.push({ role: message.role, content: message.content });
      pending = [];
      continue;
    }
    if (message.role === 'assistant') {
      const nextRenamed = new Map<string, string>();
      const content = renameDuplicates(message.content, seenIds, nextRenamed, count);
      messages.push({ role: 'assistant', content });
      pending =
        typeof content === 'string' ? [] : content.filter((b) => b.type === 'tool_use').map((b) => b.id);
      renamed = nextRenamed;
      continue;
    }
    messages.push({ role: 'user', content: answerTools(message.content, pending, renamed, count) });
    pending = [];
    renamed = new Map();
  }
  return messages;
}

function renameDuplicates(
  content: string | Block[],
  seen: Set<string>,
  renamed: Map<string, string>,
  count: Counter,
): string | Block[] {
  if (typeof content === 'string') return content;
  let changed = false;
  const out = content.map((block) => {
    if (block.type !== 'tool_use' && block.type !== 'server_tool_use') return block;
    let id = block.id;
    if (seen.has(id)) {
      let n = 2;
      while (seen.has(`${block.id}_${n}`)) n += 1;
      id = `${block.id}_${n}`;
      renamed.set(block.id, id);
      count('duplicate-tool-use-id');
      changed = true;
    }
    seen.add(id);
    return id === block.id ? block : { ...block, id };
  });
  return changed ? out : content;
}

function answerTools(
  content: string | Block[],
  pending: readonly string[],
  renamed: Map<string, string>,
  count: Counter,
): string | Block[] {
  if (typeof content === 'string' && pending.length === 0) return content;
  const blocks = asBlocks(content);
  const answered = new Set<string>();
  const results: Block[] = [];
  const others: Block[] = [];
  let changed = typeof content === 'string';
  let seenOther = false;
  let outOfOrder = false;
  for (const block of blocks) {
    if (block.type !== 'tool_result') {
      others.push(block);
      seenOther = true;
      continue;
    }
    const target = renamed.get(block.tool_use_id) ?? block.tool_use_id;
    if (pending.includes(target) && !answered.has(target)) {
      answered.add(target);
      results.push(target === block.tool_use_id ? block : { ...block, tool_use_id: target });
      if (target !== block.tool_use_id) {
        renamed.delete(block.tool_use_id);
        changed = true;
      }
      if (seenOther) outOfOrder = true;
      continue;
    }
    count('orphan-tool-result');
    changed = true;
    others.push(textBlock(resultAsText(block, 'tool result')), ...resultImages(block));
    seenOther = true;
  }
  const missing = pending.filter((id) => !answered.has(id));
  for (const id of missing) {
    count('unanswered-tool-use');
    results.push({ type: 'tool_result', tool_use_id: id, content: UNRECORDED_RESULT, is_error: true });
  }
  if (outOfOrder) count('tool-result-reordered');
  if (!changed && missing.length === 0 && !outOfOrder) return content;
  return [...results, ...others];
}
