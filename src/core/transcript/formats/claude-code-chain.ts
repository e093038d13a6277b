import { isPlainObject } from './json-input.js';

/** A Claude Code JSONL line with its 1-based line number. */
export interface CcLine {
  line: number;
  entry: Record<string, unknown>;
}

export function str(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

export function isMessageLine(l: CcLine): boolean {
  const type = l.entry['type'];
  return (type === 'user' || type === 'assistant') && isPlainObject(l.entry['message']);
}

function messageId(l: CcLine): string | undefined {
  const message = l.entry['message'];
  return isPlainObject(message) ? str(message['id']) : undefined;
}

function content(l: CcLine): unknown[] {
  const message = l.entry['message'];
  const value = isPlainObject(message) ? message['content'] : undefined;
  return Array.isArray(value) ? value : [];
}

function toolResultIds(l: CcLine): string[] | undefined {
  const blocks = content(l);
  if (blocks.length === 0) return undefined;
  const ids: string[] = [];
  for (const block of blocks) {
    if (!isPlainObject(block) || block['type'] !== 'tool_result') return undefined;
    const id = str(block['tool_use_id']);
    if (id !== undefined) ids.push(id);
  }
  return ids;
}

export interface Selection {
  /** The message lines of the chosen branch, in file order. */
  lines: CcLine[];
  /** Message lines of the group left out (abandoned branches of rewinds, local-command forks). */
  offBranch: number;
  /** uuids on the chosen chain (for summaries' leafUuid). */
  uuids: Set<string>;
  /** Compaction boundaries crossed on the way up. */
  compactions: number;
}

/**
 * A line's parent. A compaction boundary starts a new tree (`parentUuid` null) but names the line
 * before it in `logicalParentUuid`: the chain goes on through it, so the history before a
 * compaction stays in the transcript (with Claude Code's summary message after it).
 */
function parentOf(l: CcLine): string | undefined {
  return str(l.entry['parentUuid']) ?? str(l.entry['logicalParentUuid']);
}

/**
 * Chooses the conversation of one group of lines. `parentUuid` makes a tree (rewinds and local
 * commands fork it): the leaf is the last message line whose chain reaches an assistant message
 * (else the last message line), and the chain is followed up from it through any line type.
 * Lines the chain skips but that belong to it are added back: the other split lines of an
 * assistant message on the chain (same `message.id`), and tool_result lines whose parent is on it
 * (parallel tool calls each hang their result off their own tool_use line).
 */
export function selectBranch(group: readonly CcLine[], byUuid: ReadonlyMap<string, CcLine>): Selection {
  const messages = group.filter(isMessageLine);
  if (messages.length === 0) return { lines: [], offBranch: 0, uuids: new Set(), compactions: 0 };
  // Hand-written logs without uuids have no tree: take them as they are.
  if (messages.every((l) => str(l.entry['uuid']) === undefined))
    return { lines: messages, offBranch: 0, uuids: new Set(), compactions: 0 };

  // Whether a line's chain reaches an assistant message; parents come before children in the file.
  const reachesAssistant = new Map<string, boolean>();
  for (const l of byUuid.values()) {
    const uuid = str(l.entry['uuid']);
    if (uuid === undefined) continue;
    const parent = parentOf(l);
    reachesAssistant.set(
      uuid,
      l.entry['type'] === 'assistant' || (parent !== undefined && reachesAssistant.get(parent) === true),
    );
  }
  const leaf =
    [...messages].reverse().find((l) => reachesAssistant.get(str(l.entry['uuid']) ?? '') === true) ??
    messages[messages.length - 1]!;

  const included = new Set<string>();
  let compactions = 0;
  for (let cur: CcLine | undefined = leaf; cur;) {
    const uuid = str(cur.entry['uuid']);
    if (uuid === undefined || included.has(uuid)) break;
    included.add(uuid);
    if (str(cur.entry['parentUuid']) === undefined && str(cur.entry['logicalParentUuid']) !== undefined)
      compactions += 1;
    const parent = parentOf(cur);
    cur = parent === undefined ? undefined : byUuid.get(parent);
  }
  const chain = new Set(included);

  const chainMessageIds = new Set<string>();
  for (const l of messages) {
    const id = messageId(l);
    if (l.entry['type'] === 'assistant' && id !== undefined && included.has(str(l.entry['uuid']) ?? ''))
      chainMessageIds.add(id);
  }
  const toolUseIds = new Set<string>();
  for (const l of messages) {
    const id = messageId(l);
    if (l.entry['type'] !== 'assistant' || id === undefined || !chainMessageIds.has(id)) continue;
    included.add(str(l.entry['uuid']) ?? '');
    for (const block of content(l))
      if (isPlainObject(block) && block['type'] === 'tool_use') toolUseIds.add(str(block['id']) ?? '');
  }
  for (const l of messages) {
    if (l.entry['type'] !== 'user') continue;
    const ids = toolResultIds(l);
    if (!ids || ids.length === 0 || !ids.every((id) => toolUseIds.has(id))) continue;
    const parent = str(l.entry['parentUuid']) ?? '';
    const source = str(l.entry['sourceToolAssistantUUID']) ?? '';
    if (included.has(parent) || included.has(source)) included.add(str(l.entry['uuid']) ?? '');
  }

  const seen = new Set<string>();
  const lines: CcLine[] = [];
  for (const l of messages) {
    const uuid = str(l.entry['uuid']);
    if (uuid === undefined || !included.has(uuid) || seen.has(uuid)) continue;
    seen.add(uuid);
    lines.push(l);
  }
  return { lines, offBranch: messages.length - lines.length, uuids: chain, compactions };
}
