/**
 * The one-shot door, `gardener compress FILE --keep-last 0`, on every session file of a folder of
 * sources (default ../shared/sessions), each file through the door's own path
 * (src/doors/batch/compress.ts `compressTranscripts`, as the CLI runs it) into a throwaway store:
 *
 *   1. the door's own table (the one `gardener compress` prints on stderr), per source;
 *   2. per source and class, the blocks that went out as they came and why
 *      (benchmarks/support/why-original.ts: the engine's reasons, in its order);
 *   3. tool output (tool_result blocks, and observation texts in formats without them) out / in,
 *      and the needles (docs/BENCH.md) the output still shows where the tool output held them.
 *
 *   npx tsx benchmarks/compress-oneshot.ts [--min-tokens N] [--keep-last 0] [--fold SOURCE] [PATH]
 *
 * --min-tokens defaults to the CLI's (0); SHOW_REASON='<reason>' lists the blocks kept for it on stderr.
 *
 * --fold SOURCE: the figures of every source but SOURCE (tune on these), then of SOURCE alone.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_MIN_TOKENS } from '../src/doors/batch/cli/compress.js';
import { compressTranscripts, mergeBreakdown } from '../src/doors/batch/compress.js';
import { sourceOf } from '../src/doors/bench/folds.js';
import { findNeedles, occursIn } from '../src/doors/bench/needles.js';
import { toolResultTest } from '../src/doors/bench/tool-results.js';
import { typedByUser } from '../src/core/garden/index.js';
import { BREAKDOWN_ORDER, type BreakdownClass, type ClassBreakdown } from '../src/core/garden/constants.js';
import { openStore } from '../src/core/store/open.js';
import { countBlock, defaultTokenizer } from '../src/core/tokens/index.js';
import { blockText, contentBlocks } from '../src/core/transcript/blocks.js';
import { readInput } from '../src/core/transcript/read-input.js';
import { readSessionPaths } from '../src/core/transcript/session-paths.js';
import type { Transcript } from '../src/core/transcript/types.js';
import {
  breakdownClassOf,
  REASONS,
  whyOriginal,
  type BlockPlace,
  type Reason,
} from './support/why-original.js';

const args = process.argv.slice(2);
const option = (name: string): string | undefined => {
  const at = args.indexOf(name);
  return at >= 0 ? args.splice(at, 2)[1] : undefined;
};
const minTokens = Number(option('--min-tokens') ?? DEFAULT_MIN_TOKENS);
const keepLast = Number(option('--keep-last') ?? 0);
const heldOut = option('--fold');
const root = path.resolve(args[0] ?? '../shared/sessions');
const tokenizer = defaultTokenizer();

interface ClassRow {
  blocks: number;
  shortened: number;
  before: number;
  after: number;
  kept: Map<Reason, { blocks: number; tokens: number; summaryForm: number }>;
}

/** What one source (or several pooled) adds up to. */
interface Tally {
  files: number;
  door: Partial<Record<BreakdownClass, ClassBreakdown>>;
  before: number;
  after: number;
  classes: Map<string, ClassRow>;
  /** Tool output: tokens in and out; `couldBe`: what the window and --min-tokens kept above summary forms. */
  tool: { before: number; after: number; needles: number; kept: number; couldBe: number };
}

const emptyTally = (): Tally => ({
  files: 0,
  door: {},
  before: 0,
  after: 0,
  classes: new Map(),
  tool: { before: 0, after: 0, needles: 0, kept: 0, couldBe: 0 },
});

const folder = mkdtempSync(path.join(os.tmpdir(), 'gardener-compress-oneshot-'));
const store = openStore({ path: path.join(folder, 'oneshot.db') });
const bySource = new Map<string, Tally>();
let skipped = 0;
try {
  for (const file of await readSessionPaths([root])) {
    let transcripts: Transcript[];
    try {
      transcripts = (await readInput(file.path, { subagents: file.subagents, lenient: true })).transcripts;
    } catch {
      skipped += 1;
      continue;
    }
    const source = sourceOf(root, file.path);
    const tally = bySource.get(source) ?? emptyTally();
    bySource.set(source, tally);
    const { transcripts: out, stats } = compressTranscripts(
      store,
      path.relative(root, file.path),
      transcripts,
      {
        budget: undefined,
        minTokens,
        keepLastTurns: keepLast,
        session: undefined,
      },
    );
    tally.files += 1;
    tally.before += stats.tokensBefore;
    tally.after += stats.tokensAfter;
    mergeBreakdown(tally.door, stats.byClass);
    transcripts.forEach((transcript, t) => compare(transcript, out[t] as Transcript, tally));
  }
} finally {
  store.close();
  rmSync(folder, { recursive: true, force: true });
}

/** Each block of the input against the door's output: shortened, or kept and why. */
function compare(input: Transcript, output: Transcript, tally: Tally): void {
  if (output.messages.length !== input.messages.length)
    throw new Error(`${input.id}: messages do not line up`);
  const typed = typedByUser(input);
  const isToolResult = toolResultTest(input);
  const calls = new Map<string, { name: string; input: Record<string, unknown> }>();
  const toolOutput = new Set<number>();
  input.messages.forEach((message, m) => {
    const outBlocks = contentBlocks(output.messages[m]!);
    contentBlocks(message).forEach((block, b) => {
      if (block.type === 'tool_use')
        calls.set(block.id, { name: block.name, input: (block.input ?? {}) as Record<string, unknown> });
      const after = outBlocks[b];
      if (after === undefined) throw new Error(`${input.id}: message ${m} lost a block`);
      const place: BlockPlace = {
        role: message.role === 'assistant' ? 'assistant' : 'user',
        typed: message.role === 'user' && block.type === 'text' && typed(m, b),
        newest: m >= input.messages.length - 1,
        ...(block.type === 'tool_result' && calls.has(block.tool_use_id)
          ? { call: calls.get(block.tool_use_id)! }
          : {}),
      };
      const cls = breakdownClassOf(block, place, tokenizer);
      const row = tally.classes.get(cls) ?? { blocks: 0, shortened: 0, before: 0, after: 0, kept: new Map() };
      tally.classes.set(cls, row);
      const tokensBefore = countBlock(tokenizer, block);
      const tokensAfter = countBlock(tokenizer, after);
      row.blocks += 1;
      row.before += tokensBefore;
      row.after += tokensAfter;
      const output = message.role === 'user' && (block.type === 'tool_result' || isToolResult(m, b));
      if (JSON.stringify(after) !== JSON.stringify(block)) row.shortened += 1;
      else {
        const { reason, summaryForm } = whyOriginal(block, place, tokenizer, minTokens);
        if (process.env['SHOW_REASON'] === reason)
          console.error(
            `${reason} · ${cls} · ${place.call?.name ?? block.type} · ${tokensBefore} tok · ${input.id} message ${m}: ${JSON.stringify(blockText(block).slice(0, 160))}`,
          );
        const kept = row.kept.get(reason) ?? { blocks: 0, tokens: 0, summaryForm: 0 };
        row.kept.set(reason, {
          blocks: kept.blocks + 1,
          tokens: kept.tokens + tokensBefore,
          summaryForm: kept.summaryForm + (summaryForm ?? tokensBefore),
        });
        if (summaryForm !== undefined && output) tally.tool.couldBe += tokensBefore - summaryForm;
      }
      if (output && blockText(block) !== '') {
        tally.tool.before += tokensBefore;
        tally.tool.after += tokensAfter;
        toolOutput.add(m);
      }
    });
  });
  for (const needle of findNeedles(input, { isToolResult })) {
    if (!toolOutput.has(needle.messageIndex)) continue;
    tally.tool.needles += 1;
    const shown = contentBlocks(output.messages[needle.messageIndex]!).some((block) =>
      occursIn(blockText(block), needle.text),
    );
    if (shown) tally.tool.kept += 1;
  }
}

function pooled(tallies: readonly Tally[]): Tally {
  const all = emptyTally();
  for (const t of tallies) {
    all.files += t.files;
    all.before += t.before;
    all.after += t.after;
    mergeBreakdown(all.door, t.door);
    for (const key of ['before', 'after', 'needles', 'kept', 'couldBe'] as const)
      all.tool[key] += t.tool[key];
    for (const [cls, row] of t.classes) {
      const into = all.classes.get(cls) ?? { blocks: 0, shortened: 0, before: 0, after: 0, kept: new Map() };
      into.blocks += row.blocks;
      into.shortened += row.shortened;
      into.before += row.before;
      into.after += row.after;
      for (const [reason, k] of row.kept) {
        const sum = into.kept.get(reason) ?? { blocks: 0, tokens: 0, summaryForm: 0 };
        into.kept.set(reason, {
          blocks: sum.blocks + k.blocks,
          tokens: sum.tokens + k.tokens,
          summaryForm: sum.summaryForm + k.summaryForm,
        });
      }
      all.classes.set(cls, into);
    }
  }
  return all;
}

const n = (value: number) => value.toLocaleString('en-US');
const ratio = (a: number, b: number) => (b === 0 ? '–' : (a / b).toFixed(3));
const pct = (a: number, b: number) => (b === 0 ? '–' : `${((100 * a) / b).toFixed(1)}%`);

function report(name: string, t: Tally): void {
  console.log(`### ${name} (${t.files} files)\n`);
  console.log(
    `Tool output ${n(t.tool.before)} → ${n(t.tool.after)} tokens = **${ratio(t.tool.after, t.tool.before)}** (${ratio(t.tool.after - t.tool.couldBe, t.tool.before)} had the window and --min-tokens let every smaller summary form go out); needles still shown ${t.tool.kept}/${t.tool.needles} (${pct(t.tool.kept, t.tool.needles)}); whole requests ${n(t.before)} → ${n(t.after)} = ${ratio(t.after, t.before)}\n`,
  );
  console.log(
    "The door's table:\n\n| class | blocks | shortened | tokens before | after | ratio |\n|:---|---:|---:|---:|---:|---:|",
  );
  for (const cls of BREAKDOWN_ORDER) {
    const row = t.door[cls];
    if (row && row.blocks > 0)
      console.log(
        `| ${cls} | ${n(row.blocks)} | ${n(row.summaries + row.stubs)} | ${n(row.tokensBefore)} | ${n(row.tokensAfter)} | ${ratio(row.tokensAfter, row.tokensBefore)} |`,
      );
  }
  const reasons = REASONS.filter((r) => [...t.classes.values()].some((row) => row.kept.has(r)));
  console.log(
    `\nBlocks that went out as they came, by reason (blocks / tokens; for the window and --min-tokens, → the tokens of their summary forms):\n\n| class | blocks | shortened | ${reasons.join(' | ')} |\n|:---|---:|---:|${reasons.map(() => '---:').join('|')}|`,
  );
  for (const [cls, row] of [...t.classes].sort((a, b) => b[1].before - a[1].before))
    console.log(
      `| ${cls} | ${n(row.blocks)} | ${n(row.shortened)} | ${reasons
        .map((r) => {
          const k = row.kept.get(r);
          if (!k) return '';
          const smaller = k.summaryForm < k.tokens ? ` → ${n(k.summaryForm)}` : '';
          return `${n(k.blocks)} / ${n(k.tokens)}${smaller}`;
        })
        .join(' | ')} |`,
    );
  console.log('');
}

console.log(
  `# gardener compress --keep-last ${keepLast} --min-tokens ${minTokens} · ${root} · ${os.cpus()[0]?.model.trim() ?? '?'} × ${os.cpus().length} · Node ${process.version}${skipped ? ` · ${skipped} unreadable files skipped` : ''}\n`,
);
if (heldOut !== undefined) {
  const held = bySource.get(heldOut);
  if (!held)
    throw new Error(
      `--fold ${heldOut}: no file of that source (sources: ${[...bySource.keys()].join(', ')})`,
    );
  report(
    `Tune on: every source but ${heldOut}`,
    pooled([...bySource].filter(([s]) => s !== heldOut).map(([, t]) => t)),
  );
  report(`Report on: ${heldOut} (held out)`, held);
} else {
  for (const [source, t] of [...bySource].sort()) report(source, t);
  report('pooled', pooled([...bySource.values()]));
}
