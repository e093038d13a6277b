import { hintCommand, hintPath } from '../../classify/index.js';
import type { ClassifyHints, ContentClass } from '../../classify/index.js';
import type { CompressContext } from '../../compress/index.js';
import type { Block } from '../../transcript/index.js';
import { extractTerms, recallHint, type HintInput } from '../../names/index.js';
import type { GardenCounters } from '../ledger/counters.js';
import { BASE_PRIORITY } from '../plan/priority.js';
import type { TextLike } from '../render/form-text.js';
import type { Session } from '../session/session.js';
import type { Slot } from '../view/slot.js';
import { classifyText, compressText } from './huge.js';
import { MIN_COMPRESS_TOKENS } from './ingest.js';
import { hasLoneSurrogate, releasable, releaseForms, releaseOriginal } from './release.js';
import { ownLargeFields } from './register.js';
import { textVariants, toolResultVariants, toolUseVariants, type FieldSummary } from './variants.js';

/** Classifies, compresses and stores a pending slot, and builds its shortened forms. */
export function settleSlot(slot: Slot, session: Session, counters: GardenCounters): void {
  if (!slot.pending) return;
  let stored: Stored | undefined;
  switch (slot.kind) {
    case 'text':
      stored = settleText(slot, session, counters);
      break;
    case 'tool_result':
      stored = settleToolResult(slot, session, counters);
      break;
    case 'tool_use':
      settleToolUse(slot, session, counters);
      break;
    case 'media':
    case 'fixed':
      break;
  }
  const release = session.config.oneShot && stored !== undefined ? stored : undefined;
  if (release) releaseForms(slot, release.summaryStored);
  detachDerived(slot);
  // Cleared rather than deleted: a delete also turns the slot into a dictionary.
  slot.pending = undefined;
  if (release && releasable(slot, release.original)) releaseOriginal(slot);
}

/** What the store holds of a settled text, as a one-shot garden needs to know it (release.ts). */
interface Stored {
  /** The original as the store holds it (redacted unless the store says not). */
  original: string;
  /** The store holds this block's summary exactly (releaseForms). */
  summaryStored: boolean;
}

/** What storing a text settles on its slot. */
type StoredFieldName =
  | 'cls'
  | 'entryId'
  | 'hint'
  | 'terms'
  | 'textTokens'
  | 'sourceTool'
  | 'sourcePath'
  | 'note'
  | 'namesLeftOut'
  | 'forgotten';

/** What settling sets on a slot (setSettled copies exactly these). */
type SettledFields = Partial<Pick<Slot, StoredFieldName | 'blocks' | 'tokens'>>;

/**
 * Sets what settling found on the slot, one named store a field. Object.assign adds them as keyed
 * stores, and past a dozen added properties V8 turns the object into a dictionary several times
 * its size, for every block of the session.
 */
function setSettled(slot: Slot, fields: SettledFields): void {
  if (fields.cls !== undefined) slot.cls = fields.cls;
  if (fields.entryId !== undefined) slot.entryId = fields.entryId;
  if (fields.hint !== undefined) slot.hint = fields.hint;
  if (fields.terms !== undefined) slot.terms = fields.terms;
  if (fields.textTokens !== undefined) slot.textTokens = fields.textTokens;
  if (fields.sourceTool !== undefined) slot.sourceTool = fields.sourceTool;
  if (fields.sourcePath !== undefined) slot.sourcePath = fields.sourcePath;
  if (fields.note !== undefined) slot.note = fields.note;
  if (fields.namesLeftOut !== undefined) slot.namesLeftOut = fields.namesLeftOut;
  if (fields.forgotten !== undefined) slot.forgotten = fields.forgotten;
  if (fields.blocks !== undefined) slot.blocks = fields.blocks;
  if (fields.tokens !== undefined) slot.tokens = fields.tokens;
}

/**
 * Fresh copies of what settling derived from the block's text (terms, hint, note, the shortened
 * forms). Substrings may share the memory of the text they were cut from (or of a copy made while
 * redacting or compressing it): a few names would otherwise keep a whole large copy alive.
 */
function detachDerived(slot: Slot): void {
  slot.terms = slot.terms.map(fresh);
  slot.hint = fresh(slot.hint);
  if (slot.note !== undefined) slot.note = fresh(slot.note);
  for (const form of ['summary', 'stub'] as const) {
    const block = slot.blocks[form];
    if (block !== undefined) slot.blocks[form] = freshText(block);
  }
}

/**
 * A shortened block with a fresh copy of its text. Its other fields (the type, a tool_use_id) are
 * the strings of the block it was made from, which the slot holds anyway: copied, each shortened
 * form of a tool result held two more strings of its own.
 */
function freshText(block: Block): Block {
  if (block.type === 'text') return { ...block, text: fresh(block.text) };
  if (block.type === 'tool_result') return { ...block, content: fresh(block.content) };
  return fresh(block);
}

function fresh<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

/** Settles a text block; returns what the store holds of it. */
function settleText(slot: Slot, session: Session, counters: GardenCounters): Stored {
  const block = slot.block as Block & { type: 'text' };
  // User text that is not typed (an observation in formats without tool blocks) is tool output.
  const observation = slot.role === 'user' && !slot.typed ? { isUserTyped: false } : {};
  const cls =
    slot.cls ??
    classifyText(session.classify, block.text, {
      role: asRole(slot.role),
      blockType: 'text',
      ...observation,
    });
  // The agent's own text is its reasoning: prose summaries of it keep the opening, needles and actions.
  const authorship = slot.role === 'assistant' ? { reasoning: true } : {};
  const stored = storeText(slot, { cls, hints: {}, authorship }, session, counters);
  setSettled(slot, { ...stored.fields, ...textVariants(session.tokenizer, block, stored.info) });
  return stored;
}

/** Settles a tool result; returns what the store holds of it. */
function settleToolResult(slot: Slot, session: Session, counters: GardenCounters): Stored {
  const block = slot.block as Block & { type: 'tool_result' };
  const hints = toolHints(slot.tool);
  const cls = classifyText(session.classify, slot.text, {
    role: 'user',
    blockType: 'tool_result',
    ...hints,
    ...(block.is_error ? { isError: true } : {}),
  });
  const stored = storeText(slot, { cls, hints }, session, counters);
  setSettled(slot, { ...stored.fields, ...toolResultVariants(session.tokenizer, block, stored.info) });
  return stored;
}

function settleToolUse(slot: Slot, session: Session, counters: GardenCounters): void {
  const { store, tokenizer } = session;
  const block = slot.block as Block & { type: 'tool_use' };
  const fields = ownLargeFields(block.input, tokenizer);
  const input = (block.input ?? {}) as Record<string, unknown>;
  const hints = { toolName: block.name, toolInput: input, ...pathHint(block.name, input) };
  // A large field is a file body or a script: classify it as a read of that path would be.
  const fieldHints = {
    role: 'assistant' as const,
    blockType: 'tool_result',
    ...(hints.path ? { toolName: 'Read', path: hints.path } : {}),
  };
  const clean = fields.map((field) => store.redact(field.text).text);
  const summaries: FieldSummary[] = fields.map((field, i) => {
    const cls = classifyText(session.classify, field.text, fieldHints);
    const before = tokenizer.count(field.text);
    return {
      path: field.path,
      cls,
      before,
      ...summarize(session, { cls, clean: clean[i] ?? '', before, hints }),
    };
  });
  const largest = summaries.reduce((a, b) => (b.before > a.before ? b : a));
  const terms = extractTerms(clean.join('\n'));
  const original = store.redact(slot.text);
  const hint = safeHint(session, {
    text: largest.summary ?? '',
    terms,
    ...(hints.path ? { path: hints.path } : {}),
  });
  const result = store.ingest({
    scope: session.scope,
    class: largest.cls,
    sourceTool: block.name,
    ...(hints.path ? { sourcePath: hints.path } : {}),
    original: original.text,
    summary: summaries.map((s) => s.summary ?? '').join('\n') || original.text,
    tokensOriginal: tokenizer.count(slot.text),
    tokensSummary: summaries.reduce((sum, s) => sum + (s.summaryTokens ?? s.before), 0),
    priority: BASE_PRIORITY[largest.cls],
    blockKey: slot.key,
    hint,
    redactions: original.count,
  });
  counters.blocksIngested++;
  setSettled(slot, {
    cls: largest.cls,
    entryId: result.id,
    hint,
    terms,
    textTokens: summaries.reduce((sum, s) => sum + s.before, 0),
    sourceTool: block.name,
    ...(hints.path ? { sourcePath: hints.path } : {}),
    ...toolUseVariants(tokenizer, block, summaries, { id: result.id, hint, words: session.config.retrieval }),
  });
}

interface StoredText extends Stored {
  fields: Pick<Slot, StoredFieldName>;
  info: TextLike;
}

type ToolHints = Pick<ClassifyHints, 'toolName' | 'toolInput' | 'path' | 'command'>;

/** What a text is stored as: its class, the tool hints it was classified with, who wrote it. */
interface TextClass {
  cls: ContentClass;
  hints: ToolHints;
  authorship?: Pick<CompressContext, 'reasoning'>;
}

function storeText(slot: Slot, what: TextClass, session: Session, counters: GardenCounters): StoredText {
  const { cls, hints } = what;
  const { store, tokenizer } = session;
  const text = slot.text;
  const before = tokenizer.count(text);
  // What leaves the engine (summaries, the recall hint a stub prints, the index) is made from the
  // text as the store keeps it (redacted unless the store says not); the clear text stays in
  // memory for the session's own requests. The store is told, so it does not redact again.
  const original = store.redact(text);
  const clean = original.text;
  const summary = summarize(session, { cls, clean, before, hints, authorship: what.authorship ?? {} });
  const terms = extractTerms(clean);
  const hint = safeHint(session, {
    text: clean,
    terms,
    ...(hints.path ? { path: hints.path } : {}),
    ...(hints.command ? { command: hints.command } : {}),
  });
  const result = store.ingest({
    scope: session.scope,
    class: cls,
    ...(hints.toolName ? { sourceTool: hints.toolName } : {}),
    ...(hints.path ? { sourcePath: hints.path } : {}),
    ...(slot.call !== undefined ? { call: store.redact(slot.call).text } : {}),
    original: clean,
    summary: summary.summary ?? clean,
    tokensOriginal: before,
    tokensSummary: summary.summaryTokens ?? before,
    priority: BASE_PRIORITY[cls],
    blockKey: slot.key,
    hint,
    redactions: original.count,
  });
  counters.blocksIngested++;
  const fields: StoredText['fields'] = {
    cls,
    entryId: result.id,
    hint,
    terms,
    textTokens: before,
    ...(hints.toolName ? { sourceTool: hints.toolName } : {}),
    ...(hints.path ? { sourcePath: hints.path } : {}),
    ...(summary.note ? { note: summary.note } : {}),
    ...(summary.namesLeftOut ? { namesLeftOut: summary.namesLeftOut } : {}),
    ...(result.forgotten ? { forgotten: true as const } : {}),
  };
  return {
    fields,
    info: { cls, id: result.id, hint, before, words: session.config.retrieval, ...summary },
    original: clean,
    // Written as given (redacted already): an entry of its own gives it back as it is, unless
    // UTF-8 cannot hold it (a lone surrogate).
    summaryStored:
      summary.summary !== undefined && !result.deduplicated && !hasLoneSurrogate(summary.summary),
  };
}

/**
 * The compressor's output when it makes the text shorter; nothing for prompts and short texts.
 * `clean` is the text as stored (redacted): a summary of the clear text could keep half a key
 * block, which no pattern recognizes any more.
 */
function summarize(
  session: Session,
  text: {
    cls: ContentClass;
    clean: string;
    before: number;
    hints: ToolHints;
    authorship?: Pick<CompressContext, 'reasoning'>;
  },
): { summary?: string; summaryTokens?: number; note?: string; namesLeftOut?: number } {
  const { cls, clean, before, hints } = text;
  if (cls === 'prompt' || before < MIN_COMPRESS_TOKENS) return {};
  const context: CompressContext = {
    ...(text.authorship ?? {}),
    ...(hints.path ? { path: hints.path } : {}),
    ...(hints.toolName ? { toolName: hints.toolName } : {}),
    ...(hints.command ? { command: hints.command } : {}),
  };
  const result = compressText(session.compress, cls, clean, context);
  if (!result.helped || result.text.trim() === '') return {};
  const summary = session.store.redact(result.text).text;
  const summaryTokens = session.tokenizer.count(summary);
  if (summaryTokens >= before) return {};
  return {
    summary,
    summaryTokens,
    ...(result.note ? { note: session.store.redact(result.note).text } : {}),
    ...(result.namesLeftOut ? { namesLeftOut: result.namesLeftOut } : {}),
  };
}

/** The recall hint, which stubs and summary headers print, redacted as the store redacts. */
function safeHint(session: Session, input: HintInput): string {
  return session.store.redact(recallHint(input)).text;
}

function toolHints(tool: Slot['tool']): ToolHints {
  if (!tool) return {};
  return { toolName: tool.name, toolInput: tool.input, ...pathHint(tool.name, tool.input) };
}

function pathHint(toolName: string, toolInput: Record<string, unknown>): { path?: string; command?: string } {
  const hints = { role: 'assistant' as const, blockType: 'tool_use', toolName, toolInput };
  const path = hintPath(hints);
  const command = hintCommand(hints);
  return { ...(path ? { path } : {}), ...(command ? { command } : {}) };
}

function asRole(role: string): 'user' | 'assistant' {
  return role === 'assistant' ? 'assistant' : 'user';
}
