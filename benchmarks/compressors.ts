/**
 * Compressor benchmark: imports every recorded session, classifies every tool result and text
 * block, compresses it with the dispatcher, and prints per class and per session format: blocks,
 * original and summary tokens (cl100k_base), ratio, needles kept, and throughput; then per class
 * the frame's share of the summaries as the engine renders them (its header line, which the
 * engine adds, plus the names line and the marks for left-out text, src/core/compress/frame.ts).
 *
 *   npx tsx benchmarks/compressors.ts [sessionsDir]      (default: ../shared/sessions)
 */
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { classify } from '../src/core/classify/classify.js';
import { unwrapToolOutput } from '../src/core/transcript/formats/registry.js';
import type { ClassifyHints, ContentClass } from '../src/core/classify/types.js';
import { frameKind } from '../src/core/compress/frame.js';
import { compress } from '../src/core/compress/index.js';
import { topLevelKeys } from '../src/core/compress/structured/index.js';
import { topLevelDeclarationNames } from '../src/core/compress/code/index.js';
import { proseNeedles } from '../src/core/compress/prose/index.js';
import type { CompressContext } from '../src/core/compress/types.js';
import { TOOL_WORDS } from '../src/core/garden/session/words.js';
import { summaryHeader } from '../src/core/garden/render/labels.js';
import { typedByUser } from '../src/core/garden/ingest/typed-by-user.js';
import { defaultTokenizer } from '../src/core/tokens/tokenizer.js';
import { toolResultText } from '../src/core/transcript/blocks.js';
import { readInput } from '../src/core/transcript/read-input.js';
import { readSessionPaths } from '../src/core/transcript/session-paths.js';
import type { Transcript } from '../src/core/transcript/types.js';
import { errorNeedles, keptShare, logNeedleKinds, logNeedles } from './needles.js';

export {
  errorNeedles,
  keptShare,
  logNeedleKinds,
  logNeedles,
  projectLocations,
  testName,
} from './needles.js';

/** One block to compress, with what the classifier may know about it. */
export interface BenchBlock {
  format: string;
  text: string;
  hints: ClassifyHints;
  context: CompressContext;
}

/** Formats whose assistant text ends in a fenced shell command (aider's fences are code edits). */
const COMMAND_FENCE_FORMATS = new Set(['mini-swe-agent', 'swe-agent', 'adp']);

/** Needles of a block's text for its class (see benchmarks/needles.ts and the compressors' exports). */
export function needlesFor(cls: ContentClass, text: string, context: CompressContext): string[] {
  switch (cls) {
    case 'log':
      return logNeedles(text);
    case 'error': {
      const { messages, frames } = errorNeedles(text);
      return [...messages, ...frames];
    }
    case 'code':
      // Declarations of the file shown, not of the harness's envelope around it (exit tags, status lines).
      return topLevelDeclarationNames(unwrapToolOutput(text).body, context.path);
    case 'structured':
      return topLevelKeys(text, context.path);
    case 'prose':
      return proseNeedles(text);
    case 'prompt':
      return [];
  }
}

/** The blocks of a transcript worth compressing: tool results and user/assistant text. */
export function blocksOf(transcript: Transcript): BenchBlock[] {
  const out: BenchBlock[] = [];
  const tools = new Map<string, { name: string; input: Record<string, unknown> }>();
  let lastCommand: string | undefined;
  const typedByUserTest = typedByUser(transcript);
  for (const [messageIndex, message] of transcript.messages.entries()) {
    const blocks =
      typeof message.content === 'string'
        ? [{ type: 'text' as const, text: message.content }]
        : message.content;
    for (const [blockIndex, block] of blocks.entries()) {
      if (block.type === 'tool_use') {
        const input = (block.input ?? {}) as Record<string, unknown>;
        tools.set(block.id, { name: block.name, input });
        continue;
      }
      if (block.type === 'tool_result') {
        const tool = tools.get(block.tool_use_id);
        const hints: ClassifyHints = { role: 'user', blockType: 'tool_result' };
        if (tool) {
          hints.toolName = tool.name;
          hints.toolInput = tool.input;
        }
        if (block.is_error === true) hints.isError = true;
        out.push({
          format: transcript.format,
          text: toolResultText(block.content),
          hints,
          context: contextOf(hints),
        });
        continue;
      }
      if (block.type !== 'text' || block.text.trim() === '') continue;
      if (message.role === 'assistant') {
        if (COMMAND_FENCE_FORMATS.has(transcript.format))
          lastCommand = fencedCommand(block.text) ?? lastCommand;
        out.push({
          format: transcript.format,
          text: block.text,
          hints: { role: 'assistant', blockType: 'text' },
          context: { reasoning: true },
        });
        continue;
      }
      const typed = typedByUserTest(messageIndex, blockIndex);
      const hints: ClassifyHints = { role: 'user', blockType: 'text', isUserTyped: typed };
      if (!typed && lastCommand !== undefined) hints.command = lastCommand;
      out.push({ format: transcript.format, text: block.text, hints, context: contextOf(hints) });
    }
  }
  return out;
}

/** The last fenced code block of an assistant text (mini-swe-agent and SWE-agent put the command there). */
function fencedCommand(text: string): string | undefined {
  const fences = [...text.matchAll(/```[\w-]*\n([\s\S]*?)```/g)];
  return fences[fences.length - 1]?.[1]?.trim();
}

function contextOf(hints: ClassifyHints): CompressContext {
  const context: CompressContext = {};
  const input = hints.toolInput;
  const path =
    typeof input?.['file_path'] === 'string'
      ? input['file_path']
      : typeof input?.['path'] === 'string'
        ? input['path']
        : undefined;
  if (path !== undefined) context.path = path;
  const command = hints.command ?? (typeof input?.['command'] === 'string' ? input['command'] : undefined);
  if (command !== undefined) context.command = command;
  if (hints.toolName !== undefined) context.toolName = hints.toolName;
  return context;
}

interface Tally {
  blocks: number;
  helped: number;
  /** Original and summary tokens of the blocks the compressor shortened. */
  helpedOriginal: number;
  helpedSummary: number;
  bytes: number;
  original: number;
  summary: number;
  needles: number;
  kept: number;
  ms: number;
  /** Tokens of the helped summaries' frames: the engine's header line, the names line, the marks. */
  header: number;
  names: number;
  marks: number;
}

/** Tokens of a summary's frame as the engine renders it (the header made with a stand-in id). */
function frameTokens(
  tokenizer: { count(text: string): number },
  cls: string,
  before: number,
  summary: string,
  after: number,
): { header: number; names: number; marks: number } {
  const header = summaryHeader({ what: cls, before, after, id: 'a3f2b1c0', hint: '', words: TOOL_WORDS });
  const frame = { header: tokenizer.count(header) + 1, names: 0, marks: 0 };
  for (const line of summary.split('\n')) {
    const kind = frameKind(line);
    if (kind === 'names') frame.names += tokenizer.count(line) + 1;
    else if (kind === 'mark') frame.marks += tokenizer.count(line) + 1;
  }
  return frame;
}

const emptyTally = (): Tally => ({
  blocks: 0,
  helped: 0,
  helpedOriginal: 0,
  helpedSummary: 0,
  bytes: 0,
  original: 0,
  summary: 0,
  needles: 0,
  kept: 0,
  ms: 0,
  header: 0,
  names: 0,
  marks: 0,
});

function add(tally: Tally, row: Omit<Tally, 'blocks'>): void {
  tally.blocks++;
  tally.helped += row.helped;
  tally.helpedOriginal += row.helpedOriginal;
  tally.helpedSummary += row.helpedSummary;
  tally.bytes += row.bytes;
  tally.original += row.original;
  tally.summary += row.summary;
  tally.needles += row.needles;
  tally.kept += row.kept;
  tally.ms += row.ms;
  tally.header += row.header;
  tally.names += row.names;
  tally.marks += row.marks;
}

async function main(): Promise<void> {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const dir = process.argv[2] ?? path.resolve(here, '../../shared/sessions');
  const tokenizer = defaultTokenizer();
  const byClass = new Map<string, Tally>();
  const byFormat = new Map<string, Tally>();
  const byFormatClass = new Map<string, Tally>();
  let sessions = 0;
  let skipped = 0;
  let classifyMs = 0;
  let largest: { cls: string; tokens: number; summary: number; format: string } | undefined;
  const kinds = new Map<string, { kept: number; total: number }>();
  const countKind = (kind: string, needles: readonly string[], summary: string): void => {
    const share = keptShare(needles, summary);
    const tally = kinds.get(kind) ?? { kept: 0, total: 0 };
    tally.kept += share.kept;
    tally.total += share.total;
    kinds.set(kind, tally);
  };
  for (const session of await readSessionPaths([dir])) {
    let transcripts: Transcript[];
    try {
      transcripts = (await readInput(session.path, { subagents: session.subagents, lenient: true }))
        .transcripts;
    } catch {
      skipped++;
      continue;
    }
    for (const transcript of transcripts) {
      sessions++;
      for (const block of blocksOf(transcript)) {
        const t0 = performance.now();
        const cls = classify(block.text, block.hints);
        const t1 = performance.now();
        const summary = compress(cls, block.text, block.context);
        const ms = performance.now() - t1;
        classifyMs += t1 - t0;
        const original = tokenizer.count(block.text);
        const summaryTokens = tokenizer.count(summary.text);
        const needles = needlesFor(cls, block.text, block.context);
        const { kept, total } = keptShare(needles, summary.text);
        if (cls === 'log')
          for (const [kind, list] of Object.entries(logNeedleKinds(block.text)))
            countKind(`log ${kind}`, list, summary.text);
        if (cls === 'error')
          for (const [kind, list] of Object.entries(errorNeedles(block.text)))
            countKind(`error ${kind}`, list, summary.text);
        const row = {
          helped: summary.helped ? 1 : 0,
          helpedOriginal: summary.helped ? original : 0,
          helpedSummary: summary.helped ? summaryTokens : 0,
          bytes: Buffer.byteLength(block.text),
          original,
          summary: summaryTokens,
          needles: total,
          kept,
          ms,
          ...(summary.helped
            ? frameTokens(tokenizer, cls, original, summary.text, summaryTokens)
            : { header: 0, names: 0, marks: 0 }),
        };
        for (const [map, key] of [
          [byClass, cls],
          [byFormat, block.format],
          [byFormatClass, `${block.format}\u0000${cls}`],
        ] as const) {
          const tally = map.get(key) ?? emptyTally();
          add(tally, row);
          map.set(key, tally);
        }
        if (largest === undefined || original > largest.tokens)
          largest = { cls, tokens: original, summary: summaryTokens, format: block.format };
      }
    }
  }
  const out = (line: string): boolean => process.stdout.write(`${line}\n`);
  out(
    `compressor benchmark · ${dir} · ${sessions} sessions (${skipped} files unreadable or empty) · tokenizer ${tokenizer.name}`,
  );
  out('');
  out(table('class', byClass, true));
  out('');
  out(frameTable(byClass));
  out('');
  out(table('format', byFormat, false));
  out('');
  out(
    table(
      'format · class',
      new Map([...byFormatClass].map(([key, tally]) => [key.replace('\u0000', ' · '), tally])),
      false,
    ),
  );
  out('');
  const all = [...byClass.values()].reduce(merge, emptyTally());
  const withoutPrompt = [...byClass].filter(([cls]) => cls !== 'prompt').map(([, tally]) => tally);
  const compressible = withoutPrompt.reduce((n, t) => n + t.original, 0);
  const compressed = withoutPrompt.reduce((n, t) => n + t.summary, 0);
  out(
    `needles by kind: ${[...kinds].map(([kind, t]) => `${kind} ${t.kept}/${t.total} (${t.total === 0 ? '-' : ((100 * t.kept) / t.total).toFixed(1)}%)`).join(' · ')}`,
  );
  out(
    `overall (all classes, token-weighted): ${ratio(all.summary, all.original)} · without prompt blocks: ${ratio(compressed, compressible)}`,
  );
  if (largest) {
    const rest = byClass.get(largest.cls);
    if (rest)
      out(
        `largest block: ${largest.format} ${largest.cls}, ${largest.tokens} → ${largest.summary} tokens; ${largest.cls} without it: ${ratio(rest.summary - largest.summary, rest.original - largest.tokens)}`,
      );
  }
  out(
    `classify: ${(classifyMs / Math.max(1, all.blocks)).toFixed(3)} ms/block, ${mbPerSecond(all.bytes, classifyMs)} MB/s`,
  );
}

function merge(sum: Tally, tally: Tally): Tally {
  return {
    blocks: sum.blocks + tally.blocks,
    helped: sum.helped + tally.helped,
    helpedOriginal: sum.helpedOriginal + tally.helpedOriginal,
    helpedSummary: sum.helpedSummary + tally.helpedSummary,
    bytes: sum.bytes + tally.bytes,
    original: sum.original + tally.original,
    summary: sum.summary + tally.summary,
    needles: sum.needles + tally.needles,
    kept: sum.kept + tally.kept,
    ms: sum.ms + tally.ms,
    header: sum.header + tally.header,
    names: sum.names + tally.names,
    marks: sum.marks + tally.marks,
  };
}

/**
 * Per class: the ratio as the engine renders it (a summary carries its header line), and the
 * frame's share of the helped summaries as rendered (summary tokens + header).
 */
function frameTable(tallies: Map<string, Tally>): string {
  const head = [
    'frame share'.padEnd(28),
    'rendered'.padStart(9),
    'header'.padStart(8),
    'names'.padStart(8),
    'marks'.padStart(8),
    'all'.padStart(8),
  ];
  const lines = [head.join(' ')];
  for (const [cls, t] of [...tallies].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const rendered = t.helpedSummary + t.header;
    const pct = (part: number) =>
      (rendered === 0 ? '-' : `${((100 * part) / rendered).toFixed(1)}%`).padStart(8);
    lines.push(
      [
        cls.padEnd(28),
        ratio(t.summary + t.header, t.original).padStart(9),
        pct(t.header),
        pct(t.names),
        pct(t.marks),
        pct(t.header + t.names + t.marks),
      ].join(' '),
    );
  }
  return lines.join('\n');
}

function table(label: string, tallies: Map<string, Tally>, speed: boolean): string {
  const rows = [...tallies].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const head = [
    label.padEnd(28),
    'blocks'.padStart(7),
    'helped'.padStart(7),
    'orig tok'.padStart(10),
    'summ tok'.padStart(10),
    'ratio'.padStart(7),
    'helped r'.padStart(9),
    'needles'.padStart(9),
    'kept'.padStart(7),
  ];
  if (speed) head.push('MB/s'.padStart(8));
  const lines = [head.join(' ')];
  for (const [key, t] of rows) {
    const cells = [
      key.padEnd(28),
      String(t.blocks).padStart(7),
      String(t.helped).padStart(7),
      String(t.original).padStart(10),
      String(t.summary).padStart(10),
      ratio(t.summary, t.original).padStart(7),
      ratio(t.helpedSummary, t.helpedOriginal).padStart(9),
      String(t.needles).padStart(9),
      (t.needles === 0 ? '-' : `${((100 * t.kept) / t.needles).toFixed(1)}%`).padStart(7),
    ];
    if (speed) cells.push(mbPerSecond(t.bytes, t.ms).padStart(8));
    lines.push(cells.join(' '));
  }
  return lines.join('\n');
}

function ratio(summary: number, original: number): string {
  return original === 0 ? '-' : (summary / original).toFixed(3);
}

function mbPerSecond(bytes: number, ms: number): string {
  return ms <= 0 ? '-' : (bytes / 1e6 / (ms / 1000)).toFixed(1);
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exitCode = 1;
  });
}
