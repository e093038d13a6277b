import type { Block, Transcript, TranscriptMeta } from '../types.js';
import { buildTranscript } from './build.js';
import { fileStem, firstPromptTitle, type DraftMessage } from './draft.js';
import type { AgentFormat, Envelope } from './agent-format.js';
import type { ParseOptions } from './importer.js';
import { isPlainObject, jsonShape, readJson, recordsOf, sniffValues } from './json-input.js';
import { isMessageLine, selectBranch, str, type CcLine } from './claude-code-chain.js';

/** Line types Claude Code writes besides user/assistant messages: bookkeeping, not conversation turns. */
const NON_MESSAGE_TYPES = new Set([
  'summary',
  'system',
  'file-history-snapshot',
  'queue-operation',
  'progress',
  'attachment',
  'permission-mode',
  'last-prompt',
]);
/** Sniff score when a line carries Claude Code's own keys. */
const SCORE_CERTAIN = 0.95;

/** User texts that are wrappers Claude Code adds (local commands, caveats), not prompts: not titles. */
const WRAPPER = /^\s*(<[a-z][\w-]*>|Caveat:)/;

const EXIT_CODE_LINE = /^Exit code (-?\d+)\r?\n/;

/** The Bash tool's `Exit code N` first line when a command fails; a summary keeps it. */
const exitCodeEnvelope: Envelope = {
  kind: 'exit-code',
  unwrap(text) {
    const exit = EXIT_CODE_LINE.exec(text);
    return exit
      ? { kind: 'exit-code', body: text.slice(exit[0].length), exitCode: Number(exit[1]) }
      : undefined;
  },
  rewrap: (unwrapped, summary) => `Exit code ${unwrapped.exitCode ?? 0}\n${summary}`,
};

export const claudeCodeImporter: AgentFormat = {
  name: 'claude-code',
  description: 'Claude Code session log (~/.claude/projects/*/<session>.jsonl, agent-*.jsonl)',
  reads: 'json',
  envelopes: [exitCodeEnvelope],
  sniff(text) {
    const values = sniffValues(jsonShape(text));
    return values.some(isClaudeCodeLine) ? SCORE_CERTAIN : 0;
  },
  parse(text, options = {}) {
    const input = readJson(text, options);
    const lines: CcLine[] = recordsOf(input)
      .filter((r) => isPlainObject(r.value))
      .map((r) => ({ line: r.line, entry: r.value as Record<string, unknown> }));
    const transcripts = parseLines(lines, options);
    const skipped = input.kind === 'lines' ? input.skipped : 0;
    if (skipped > 0) for (const t of transcripts) t.meta = { ...t.meta, skipped };
    return transcripts;
  },
};

function isClaudeCodeLine(value: unknown): boolean {
  if (!isPlainObject(value) || typeof value['type'] !== 'string') return false;
  if (typeof value['sessionId'] === 'string' || 'parentUuid' in value) return true;
  const type = value['type'];
  return (
    (type === 'summary' && 'leafUuid' in value) || (type === 'file-history-snapshot' && 'snapshot' in value)
  );
}

/** Splits the lines into the main conversation and its sidechains, and builds one transcript each. */
function parseLines(lines: CcLine[], options: ParseOptions): Transcript[] {
  const byUuid = new Map<string, CcLine>();
  const summaries = new Map<string, string>();
  for (const l of lines) {
    const uuid = str(l.entry['uuid']);
    if (uuid !== undefined) byUuid.set(uuid, l);
    const leaf = str(l.entry['leafUuid']);
    const summary = str(l.entry['summary']);
    if (l.entry['type'] === 'summary' && leaf !== undefined && summary !== undefined)
      summaries.set(leaf, summary);
  }
  const main: CcLine[] = [];
  const sidechains = new Map<string, CcLine[]>();
  const roots = new Map<string, string>();
  for (const l of lines) {
    const type = str(l.entry['type']);
    if (type !== undefined && NON_MESSAGE_TYPES.has(type)) continue;
    if (l.entry['isSidechain'] !== true) {
      main.push(l);
      continue;
    }
    const key = str(l.entry['agentId']) ?? `root:${sidechainRoot(l, byUuid, roots)}`;
    const group = sidechains.get(key) ?? [];
    group.push(l);
    sidechains.set(key, group);
  }
  const stem = fileStem(options.source);
  const transcripts: Transcript[] = [];
  const mainT = buildGroup(main, byUuid, summaries, options, (sessionId) => ({
    id: sessionId ?? stem,
    meta: {},
  }));
  if (mainT) transcripts.push(mainT);
  let n = 0;
  for (const [key, group] of sidechains) {
    n += 1;
    const t = buildGroup(group, byUuid, summaries, options, (sessionId) => {
      const parent = sessionId ?? stem;
      const agent = key.startsWith('root:') ? `sidechain-${n}` : `agent-${key}`;
      const meta: TranscriptMeta = { parentId: parent, isSidechain: true };
      if (!key.startsWith('root:')) meta['agentId'] = key;
      return { id: `${parent}/${agent}`, meta };
    });
    if (t) transcripts.push(t);
  }
  return transcripts;
}

/**
 * The first line of a sidechain conversation (its parent is null or outside the sidechain).
 * `roots` remembers the answer per line; parents usually come first, so each walk is one step.
 */
function sidechainRoot(l: CcLine, byUuid: ReadonlyMap<string, CcLine>, roots: Map<string, string>): string {
  const path: string[] = [];
  let cur = l;
  let root: string | undefined;
  for (;;) {
    const uuid = str(cur.entry['uuid']) ?? `line-${cur.line}`;
    root = roots.get(uuid);
    if (root !== undefined) break;
    const parent = byUuid.get(str(cur.entry['parentUuid']) ?? '');
    if (path.includes(uuid) || !parent || parent.entry['isSidechain'] !== true) {
      root = uuid;
      path.push(uuid);
      break;
    }
    path.push(uuid);
    cur = parent;
  }
  for (const uuid of path) roots.set(uuid, root);
  return root;
}

type Identity = (sessionId: string | undefined) => { id: string; meta: TranscriptMeta };

function buildGroup(
  group: CcLine[],
  byUuid: ReadonlyMap<string, CcLine>,
  summaries: ReadonlyMap<string, string>,
  options: ParseOptions,
  identity: Identity,
): Transcript | undefined {
  const selection = selectBranch(group, byUuid);
  const leaf = selection.lines[selection.lines.length - 1];
  if (!leaf) return undefined;
  const first = selection.lines[0]!;
  const { id, meta } = identity(str(leaf.entry['sessionId']));
  const messages = toDrafts(selection.lines);
  let title: string | undefined;
  for (const uuid of selection.uuids) title = summaries.get(uuid) ?? title;
  title ??= firstPromptTitle(messages, (text) => WRAPPER.test(text));
  copyString(meta, 'cwd', leaf.entry['cwd']);
  copyString(meta, 'startedAt', first.entry['timestamp']);
  copyString(meta, 'version', leaf.entry['version']);
  copyString(meta, 'gitBranch', leaf.entry['gitBranch']);
  const model = lastModel(selection.lines);
  if (model !== undefined) meta.model = model;
  if (selection.offBranch > 0) meta['offBranchLines'] = selection.offBranch;
  if (selection.compactions > 0) meta['compactions'] = selection.compactions;
  return buildTranscript({
    id,
    format: 'claude-code',
    messages,
    meta,
    ...(title !== undefined ? { title } : {}),
    ...(options.source !== undefined ? { source: options.source } : {}),
  });
}

function copyString(meta: TranscriptMeta, key: string, value: unknown): void {
  if (typeof value === 'string' && value !== '') meta[key] = value;
}

function lastModel(lines: readonly CcLine[]): string | undefined {
  for (let i = lines.length - 1; i >= 0; i--) {
    const message = lines[i]!.entry['message'];
    const model = isPlainObject(message) ? str(message['model']) : undefined;
    if (model !== undefined && model !== '<synthetic>') return model;
  }
  return undefined;
}

interface Pending {
  draft: DraftMessage;
  messageId?: string;
  toolUseIds: Set<string>;
}

/**
 * Message lines to drafts. An assistant message is written one content block per line, each line
 * sharing `message.id`: the lines are merged back, also when the results of the message's first
 * tool calls were logged between its lines. `toolUseResult` (a copy of the tool output kept for the
 * UI) is ignored: the tool_result block is the one the model saw.
 */
function toDrafts(lines: readonly CcLine[]): DraftMessage[] {
  const out: Pending[] = [];
  for (const l of lines) {
    if (!isMessageLine(l)) continue;
    const message = l.entry['message'] as Record<string, unknown>;
    const role = l.entry['type'] === 'assistant' ? 'assistant' : 'user';
    const raw = message['content'];
    const blocks: string | Block[] =
      typeof raw === 'string' ? raw : Array.isArray(raw) ? (raw as Block[]) : '';
    if (role === 'user') {
      // Parallel tool calls log one result per line: they are one API message.
      const previous = out[out.length - 1];
      if (
        previous &&
        isToolResults(previous.draft) &&
        typeof blocks !== 'string' &&
        blocks.length > 0 &&
        blocks.every((b) => b.type === 'tool_result')
      ) {
        (previous.draft.content as Block[]).push(...blocks);
      } else {
        out.push({
          draft: { role, content: typeof blocks === 'string' ? blocks : [...blocks] },
          toolUseIds: new Set(),
        });
      }
      continue;
    }
    const id = str(message['id']);
    const target = id === undefined ? undefined : mergeTarget(out, id);
    const list =
      typeof blocks === 'string' ? (blocks === '' ? [] : [{ type: 'text' as const, text: blocks }]) : blocks;
    if (!target) {
      const pending: Pending = {
        draft: { role, content: [] },
        toolUseIds: new Set(),
        ...(id !== undefined ? { messageId: id } : {}),
      };
      out.push(pending);
      appendBlocks(pending, list);
    } else {
      appendBlocks(target, list);
    }
  }
  return out.map((p) => p.draft);
}

function isToolResults(draft: DraftMessage): boolean {
  return (
    draft.role === 'user' &&
    typeof draft.content !== 'string' &&
    draft.content.length > 0 &&
    draft.content.every((b) => b.type === 'tool_result')
  );
}

/** The earlier draft of the same API message, when only tool results were logged since. */
function mergeTarget(out: readonly Pending[], id: string): Pending | undefined {
  for (let i = out.length - 1; i >= 0; i--) {
    const p = out[i]!;
    if (p.draft.role === 'assistant') return p.messageId === id ? p : undefined;
    if (!isToolResults(p.draft)) return undefined;
  }
  return undefined;
}

/** Appends a line's blocks to its message; a tool_use logged twice is kept once. */
function appendBlocks(target: Pending, blocks: readonly Block[]): void {
  const content = target.draft.content as Block[];
  for (const block of blocks) {
    if (block.type === 'tool_use') {
      if (target.toolUseIds.has(block.id)) continue;
      target.toolUseIds.add(block.id);
    }
    content.push(block);
  }
}
