/**
 * How far Claude Code tool output shrinks in its summary form (issue 14: ≤ 0.25 of its tokens,
 * every needle the agent later used still shown). Each tool_result of each Claude Code session is
 * given the forms the engine builds (src/core/garden/ingest/block-forms.ts: classify, compress, the summary
 * header and id); ratio = Σ tokens of the summary form (the original where there is none) / Σ
 * tokens of the originals. A needle (docs/BENCH.md) of a tool result is "shown" when the summary form
 * of its first tool result still holds it. By class, the frame's share of the summary forms: the
 * header line, the names line and the marks for left-out text (src/core/compress/frame.ts).
 *
 *   npx tsx benchmarks/cc-tool-output.ts [--split dev|holdout|all] [PATH]   (default ../shared/sessions; Claude Code sessions only)
 */
import { loadSessions } from '../src/doors/bench/load.js';
import { findNeedles, occursIn } from '../src/doors/bench/needles.js';
import { blockForms } from '../src/core/garden/ingest/block-forms.js';
import type { ToolCall } from '../src/core/garden/view/view.js';
import type { SplitName } from '../src/doors/bench/split.js';
import { frameKind } from '../src/core/compress/frame.js';
import { defaultTokenizer } from '../src/core/tokens/tokenizer.js';
import { blockText, contentBlocks } from '../src/core/transcript/blocks.js';

const args = process.argv.slice(2);
const at = args.indexOf('--split');
const split = (at >= 0 ? args.splice(at, 2)[1] : 'all') as SplitName;
const source = args[0] ?? '../shared/sessions';
const tokenizer = defaultTokenizer();
const byTool = new Map<string, { blocks: number; before: number; after: number }>();
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
const byClass = new Map<string, ClassTally>();

/** Adds a block to its class: tokens before and after, and for a summary the tokens of each part of its frame. */
function tallyClass(cls: string, original: number, kept: number, summary: string | undefined): void {
  const t = byClass.get(cls) ?? {
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
  byClass.set(cls, t);
}
let before = 0;
let after = 0;
let needles = 0;
let shown = 0;
for await (const item of loadSessions([source], { cwd: process.cwd(), split })) {
  if (item.type !== 'session' || item.session.transcript.format !== 'claude-code') continue;
  const { transcript } = item.session;
  const calls = new Map<string, ToolCall>();
  const summaries = new Map<number, string[]>();
  transcript.messages.forEach((message, m) => {
    for (const block of contentBlocks(message)) {
      if (block.type === 'tool_use')
        calls.set(block.id, { name: block.name, input: (block.input ?? {}) as Record<string, unknown> });
      if (block.type !== 'tool_result' || blockText(block) === '') continue;
      const call = calls.get(block.tool_use_id);
      const forms = blockForms(block, call, tokenizer);
      const form = forms.blocks.summary ?? forms.blocks.original;
      const original = forms.tokens.original ?? 0;
      const kept = forms.tokens.summary ?? original;
      before += original;
      after += kept;
      const key = call?.name ?? '?';
      const tally = byTool.get(key) ?? { blocks: 0, before: 0, after: 0 };
      byTool.set(key, {
        blocks: tally.blocks + 1,
        before: tally.before + original,
        after: tally.after + kept,
      });
      summaries.set(m, [...(summaries.get(m) ?? []), form ? blockText(form) : '']);
      tallyClass(
        forms.cls,
        original,
        kept,
        forms.blocks.summary ? blockText(forms.blocks.summary) : undefined,
      );
    }
  });
  for (const needle of findNeedles(transcript, { isToolResult: item.session.isToolResult })) {
    needles += 1;
    if ((summaries.get(needle.messageIndex) ?? []).some((text) => occursIn(text, needle.text))) shown += 1;
  }
}
console.log(
  `Claude Code tool output (${source}, split ${split}): ${before.toLocaleString('en-US')} → ${after.toLocaleString('en-US')} tokens = ${(after / before).toFixed(3)}; needles shown by the summary form ${shown}/${needles} (${((100 * shown) / Math.max(1, needles)).toFixed(1)}%)\n`,
);
console.log('| tool | results | tokens | summary form | ratio |\n|:---|---:|---:|---:|---:|');
for (const [tool, t] of [...byTool].sort((a, b) => b[1].after - a[1].after).slice(0, 15))
  console.log(
    `| ${tool} | ${t.blocks} | ${t.before.toLocaleString('en-US')} | ${t.after.toLocaleString('en-US')} | ${(t.after / t.before).toFixed(2)} |`,
  );

const share = (part: number, whole: number) => (whole === 0 ? '–' : `${((100 * part) / whole).toFixed(1)}%`);
console.log(
  '\n| class | results | tokens | summary form | ratio | summaries | frame share: header | names | marks | all |\n|:---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
);
for (const [cls, t] of [...byClass].sort((a, b) => b[1].before - a[1].before))
  console.log(
    `| ${cls} | ${t.blocks} | ${t.before.toLocaleString('en-US')} | ${t.after.toLocaleString('en-US')} | ${(t.after / t.before).toFixed(3)} | ${t.summaries} | ${share(t.header, t.framed)} | ${share(t.names, t.framed)} | ${share(t.marks, t.framed)} | ${share(t.header + t.names + t.marks, t.framed)} |`,
  );
