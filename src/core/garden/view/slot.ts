import type { ContentClass } from '../../classify/index.js';
import type { Block } from '../../transcript/index.js';
import type { Contribution } from './view-index.js';

/** How a block is rendered now (docs/DESIGN.md "Words"). */
export type Form = 'original' | 'summary' | 'stub';

export const FORMS: readonly Form[] = ['original', 'summary', 'stub'];

/** What a slot holds: a text block, a tool result, a tool call, an image/document, or something passed through as is. */
export type SlotKind = 'text' | 'tool_result' | 'tool_use' | 'media' | 'fixed';

/** Class used in breakdowns: the content classes plus media, pass-through blocks, and blocks not classified yet. */
export type BreakdownClass = ContentClass | 'media' | 'other' | 'pending';

/** The order breakdowns are listed in: content classes by priority, then media and pass-through blocks. */
export const BREAKDOWN_ORDER: readonly BreakdownClass[] = [
  'prompt',
  'error',
  'code',
  'prose',
  'structured',
  'log',
  'media',
  'other',
  'pending',
];

/** An image or document, deduplicated by the SHA-256 of its bytes (the attachment manifest). */
export interface MediaInfo {
  hash: string;
  /** `image` or `document`. */
  type: string;
  mediaType: string;
  /** Size of the payload in bytes (decoded base64, or the length of a URL / file id). */
  bytes: number;
}

/**
 * The engine's state for one block of the transcript. Blocks are recognised across syncs by `key`
 * (tool ids, else message position + content hash); everything else is derived once, at ingest.
 */
export interface Slot {
  key: string;
  kind: SlotKind;
  /** Message index in the transcript. */
  message: number;
  /** Block index in the message (0 for string content). */
  index: number;
  /** Part index inside a tool_result for media parts, else -1. */
  part: number;
  role: string;
  /** The original block (injected markers stripped); for a media part, the part itself. */
  block: Block;
  /** Content class; media and pass-through blocks have none. */
  cls?: ContentClass;
  /** Text the user typed: class prompt, protected. */
  typed: boolean;
  /** Store entry holding the original, when stored. */
  entryId?: string;
  /** The store held this content as forgotten (forget lasts): outside the window it shows as a stub. */
  forgotten?: true;
  /** Text the shortened forms stand for (what the store holds as `original`). */
  text: string;
  /** One-line note of the compressor. */
  note?: string;
  /** Short query that finds this block again with recall(). */
  hint: string;
  /** Identifiers, paths and error names of the block (for the reference bonus). */
  terms: readonly string[];
  /** Tokens of the original content (the "before" of summary and stub labels). */
  textTokens: number;
  /** The block as rendered in each form it can take (a tool_result's media parts are left to their own slots). */
  blocks: Partial<Record<Form, Block>>;
  /** Tokens of `blocks`, per form. */
  tokens: Partial<Record<Form, number>>;
  form: Form;
  media?: MediaInfo;
  /** Media parts of a tool_result. */
  children?: Slot[];
  /**
   * Registered (identity, exact tokens) but not yet classified, compressed and stored: a block
   * in the working window waits until it leaves it, or until settle(), off the request path.
   */
  pending?: true;
  /** The tool call a tool_result answers (its name and input are classification hints). */
  tool?: { name: string; input: Record<string, unknown> };
  /** What produced the text (ingest/call.ts): stored with the entry for recall, not rendered. */
  call?: string;
  /** Names of the original its summary does not show, names line included (compress/names.ts). */
  namesLeftOut?: number;
  sourceTool?: string;
  sourcePath?: string;
  /** Turn (assistant messages before it) in which the block appeared. */
  turn: number;
  /**
   * A one-shot garden dropped the original from memory once stored (ingest/release.ts): `block` is
   * its shell, `text` and `blocks.original` are empty until the store gives them back.
   */
  released?: true;
  /** What the slot adds to its view's tallies while it is in the view's index (view-index.ts). */
  tally?: Contribution | undefined;
  /**
   * A thinking block left out of every request from now on: a change before it would fail the API's
   * prefix check (preserved thinking), and one left out must stay out (DESIGN "Preserved thinking").
   */
  dropped?: true;
  /** A thinking block's identity for the prefix check (core/binding thinkingKey). */
  thinkingKey?: string;
  /**
   * The model asked for this content back (gardener's `show`, `recall` or `fetch`, or a second read
   * of the same file): when (the view's turns then) and where (the message then newest). It stays
   * whole until the model's turn ends and a few calls have passed (plan/window.ts protection).
   */
  broughtBack?: { turn: number; message: number };
}

/** Blocks and tokens by class, before (original) and after (as rendered). */
export interface ClassBreakdown {
  blocks: number;
  tokensBefore: number;
  tokensAfter: number;
  summaries: number;
  stubs: number;
}
