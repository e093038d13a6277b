/**
 * How far tool output shrinks in its summary form (issue 14, on Claude Code: ≤ 0.25 of its tokens,
 * every needle the agent later used still shown). Each tool output of each session (a tool_result,
 * or an observation text in formats without tool blocks) is given the forms the engine builds
 * (src/core/garden/ingest/block-forms.ts: classify, compress, the summary header and id); ratio = Σ tokens
 * of the summary form (the original where there is none) / Σ tokens of the originals. A needle
 * (docs/BENCH.md) of a tool output is "shown" when the summary form of its first tool output still
 * holds it. By class, the frame's share of the summary forms: the header line, the names line and
 * the marks for left-out text (src/core/compress/frame.ts).
 *
 *   npx tsx benchmarks/cc-tool-output.ts [--fold SOURCE] [--split dev|holdout|all] [PATH]   (default ../shared/sessions)
 *
 * The headline and the tables are the Claude Code sessions' (the source `claude-code-log`); a line
 * per source follows (docs/BENCH.md § Folds). --fold SOURCE: the figures of every source but SOURCE
 * (tune on these), then of SOURCE alone (report on it), each with its tables.
 */
import { ROOT_FOLD } from '../src/doors/bench/folds.js';
import { loadSessions } from '../src/doors/bench/load.js';
import { findNeedles, occursIn } from '../src/doors/bench/needles.js';
import { blockForms } from '../src/core/garden/ingest/block-forms.js';
import type { ToolCall } from '../src/core/garden/view/view.js';
import type { SplitName } from '../src/doors/bench/split.js';
import { frameKind } from '../src/core/compress/frame.js';
import { defaultTokenizer } from '../src/core/tokens/tokenizer.js';
import { blockText, contentBlocks } from '../src/core/transcript/blocks.js';

const args = process.argv.slice(2);
const option = (name: string): string | undefined => {
  const at = args.indexOf(name);
  return at >= 0 ? args.splice(at, 2)[1] : undefined;
};
const split = (option('--split') ?? 'all') as SplitName;
const heldOut = option('--fold');
const source = args[0] ?? '../shared/sessions';
/** The source of the headline when no fold is named. */
const CLAUDE_CODE = 'claude-code-log';
const tokenizer = defaultTokenizer();

interface ClassTally {
  blocks: number;
  before: number;
  after: number;
  summaries: number;
  framed: number;
  header: number;
  names: number;
  marks: number;
}

/** The figures of one group of sessions. */
interface Group {
  sessions: number;
  before: number;
  after: number;
  needles: number;
  shown: number;
  byTool: Map<string, { blocks: number; before: number; after: number }>;
  byClass: Map<string, ClassTally>;
}

const emptyGroup = (): Group => ({
  sessions: 0,
  before: 0,
  after: 0,
  needles: 0,
  shown: 0,
  byTool: new Map(),
  byClass: new Map(),
});

/** Adds a block to its class: tokens before and after, and for a summary the tokens of each part of its frame. */
function tallyClass(
  group: Group,
  cls: string,
  original: number,
  kept: number,
  summary: string | undefined,
): void {
  const t = group.byClass.get(cls) ?? {
    blocks: 0,
    before: 0,
    after: 0,
    summaries: 0,
    framed: 0,
    header: 0,
    names: 0,
    marks: 0,
  };
  t.blocks += 1;
  t.before += original;
  t.after += kept;
  if (summary !== undefined) {
    const [header = '', ...rest] = summary.split('\n');
    t.summaries += 1;
    t.framed += kept;
    t.header += tokenizer.count(header) + 1;
    for (const line of rest) {
      const kind = frameKind(line);
      if (kind === 'names') t.names += tokenizer.count(line) + 1;
      else if (kind === 'mark') t.marks += tokenizer.count(line) + 1;
    }
  }
  group.byClass.set(cls, t);
}

const bySource = new Map<string, Group>();
for await (const item of loadSessions([source], { cwd: process.cwd(), split })) {
  if (item.type !== 'session') continue;
  const { transcript, isToolResult, fold = ROOT_FOLD } = item.session;
  const group = bySource.get(fold) ?? emptyGroup();
  bySource.set(fold, group);
  group.sessions += 1;
  const calls = new Map<string, ToolCall>();
  const summaries = new Map<number, string[]>();
  transcript.messages.forEach((message, m) => {
    contentBlocks(message).forEach((block, b) => {
      if (block.type === 'tool_use')
        calls.set(block.id, { name: block.name, input: (block.input ?? {}) as Record<string, unknown> });
      const output = block.type === 'tool_result' || (block.type === 'text' && isToolResult(m, b));
      if (!output || blockText(block) === '') return;
      const call = block.type === 'tool_result' ? calls.get(block.tool_use_id) : undefined;
      const forms = blockForms(block, call, tokenizer);
      const form = forms.blocks.summary ?? forms.blocks.original;
      const original = forms.tokens.original ?? 0;
      const kept = forms.tokens.summary ?? original;
      group.before += original;
      group.after += kept;
      const key = call?.name ?? (block.type === 'text' ? '(observation)' : '?');
      const tally = group.byTool.get(key) ?? { blocks: 0, before: 0, after: 0 };
      group.byTool.set(key, {
        blocks: tally.blocks + 1,
        before: tally.before + original,
        after: tally.after + kept,
      });
      summaries.set(m, [...(summaries.get(m) ?? []), form ? blockText(form) : '']);
      tallyClass(
        group,
        forms.cls,
        original,
        kept,
        forms.blocks.summary ? blockText(forms.blocks.summary) : undefined,
      );
    });
  });
  for (const needle of findNeedles(transcript, { isToolResult })) {
    group.needles += 1;
    if ((summaries.get(needle.messageIndex) ?? []).some((text) => occursIn(text, needle.text)))
      group.shown += 1;
  }
}

/** Several groups as one. */
function pooled(groups: readonly Group[]): Group {
  const all = emptyGroup();
  for (const g of groups) {
    all.sessions += g.sessions;
    all.before += g.before;
    all.after += g.after;
    all.needles += g.needles;
    all.shown += g.shown;
    for (const [tool, t] of g.byTool) {
      const into = all.byTool.get(tool) ?? { blocks: 0, before: 0, after: 0 };
      all.byTool.set(tool, {
        blocks: into.blocks + t.blocks,
        before: into.before + t.before,
        after: into.after + t.after,
      });
    }
    for (const [cls, t] of g.byClass) {
      const into = all.byClass.get(cls);
      if (!into) all.byClass.set(cls, { ...t });
      else for (const key of Object.keys(t) as Array<keyof ClassTally>) into[key] += t[key];
    }
  }
  return all;
}

const n = (value: number) => value.toLocaleString('en-US');
const pct = (part: number, whole: number) => `${((100 * part) / Math.max(1, whole)).toFixed(1)}%`;
const share = (part: number, whole: number) => (whole === 0 ? '–' : `${((100 * part) / whole).toFixed(1)}%`);

function headline(name: string, g: Group): string {
  return `${name} tool output (${source}, split ${split}; ${g.sessions} sessions): ${n(g.before)} → ${n(g.after)} tokens = ${(g.after / Math.max(1, g.before)).toFixed(3)}; needles shown by the summary form ${g.shown}/${g.needles} (${pct(g.shown, g.needles)})\n`;
}

function tables(g: Group): void {
  console.log('| tool | results | tokens | summary form | ratio |\n|:---|---:|---:|---:|---:|');
  for (const [tool, t] of [...g.byTool].sort((a, b) => b[1].after - a[1].after).slice(0, 15))
    console.log(
      `| ${tool} | ${t.blocks} | ${n(t.before)} | ${n(t.after)} | ${(t.after / t.before).toFixed(2)} |`,
    );
  console.log(
    '\n| class | results | tokens | summary form | ratio | summaries | frame share: header | names | marks | all |\n|:---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  );
  for (const [cls, t] of [...g.byClass].sort((a, b) => b[1].before - a[1].before))
    console.log(
      `| ${cls} | ${t.blocks} | ${n(t.before)} | ${n(t.after)} | ${(t.after / t.before).toFixed(3)} | ${t.summaries} | ${share(t.header, t.framed)} | ${share(t.names, t.framed)} | ${share(t.marks, t.framed)} | ${share(t.header + t.names + t.marks, t.framed)} |`,
    );
  console.log('');
}

if (heldOut !== undefined) {
  const report = bySource.get(heldOut);
  if (!report)
    throw new Error(
      `--fold ${heldOut}: no session of that source (sources: ${[...bySource.keys()].join(', ')})`,
    );
  const tune = pooled([...bySource].filter(([name]) => name !== heldOut).map(([, g]) => g));
  console.log(`## Tune on: every source but ${heldOut}\n`);
  console.log(headline(`All but ${heldOut}`, tune));
  tables(tune);
  console.log(`## Report on: ${heldOut} (held out)\n`);
  console.log(headline(heldOut, report));
  tables(report);
} else {
  const claudeCode = bySource.get(CLAUDE_CODE) ?? emptyGroup();
  console.log(headline('Claude Code', claudeCode));
  tables(claudeCode);
  console.log(
    '| source (fold) | sessions | tokens | summary form | ratio | needles shown |\n|:---|---:|---:|---:|---:|---:|',
  );
  for (const [name, g] of [...[...bySource].sort(), ['pooled', pooled([...bySource.values()])] as const])
    console.log(
      `| ${name} | ${g.sessions} | ${n(g.before)} | ${n(g.after)} | ${(g.after / Math.max(1, g.before)).toFixed(3)} | ${g.shown}/${g.needles} (${pct(g.shown, g.needles)}) |`,
    );
}
