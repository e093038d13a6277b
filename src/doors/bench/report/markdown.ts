import type { StrategyFigures } from '../figures.js';
import type { BenchReport, SessionReport } from '../run.js';
import { figureColumns } from './columns.js';
import { foldGrid } from './folds.js';
import { compact, count, integer } from '../../../core/format/index.js';
import { percent, STRATEGY_COLORS } from './format.js';
import { barChart, lineChart, scatterChart } from './svg.js';
import { prefixLines } from './prefix.js';
import { FOLDS_HEADING, oracleLine, PREFIX_HEADING, runLine } from './table.js';

/** Context charts for at most this many sessions (the longest first). */
export const MAX_CONTEXT_CHARTS = 12;
/** A session is "long" when raw reaches this share of the window. */
const LONG_SHARE = 0.5;
/** With no long session, chart this many of the longest. */
const FALLBACK_CHARTS = 3;
/** Chart titles keep this many characters of a session label (its end). */
const TITLE_CHARS = 60;
/** The recall bar is the strategy's colour, lighter. */
const RECALL_OPACITY = 0.45;

export interface MarkdownOptions {
  /** The command line that produced the report, shown so anyone can run it again. */
  command: string;
  /** Folder for the SVG files, relative to the report. */
  chartDir: string;
  /** Where it ran: OS, CPU, Node. */
  machine: string;
  /** Where the sessions came from. */
  data: string;
}

export interface MarkdownReport {
  markdown: string;
  /** Files to write beside the report (paths relative to it). */
  files: Array<{ path: string; content: string }>;
}

/** Adds an SVG file beside the report and returns the markdown that shows it. */
type Chart = (name: string, svg: string, alt: string) => string;

/** The report for people: headline table, SVG charts, per-session tables, method. */
export function renderMarkdown(report: BenchReport, options: MarkdownOptions): MarkdownReport {
  const files: MarkdownReport['files'] = [];
  const chart: Chart = (name, svg, alt) => {
    const path = `${options.chartDir}/${name}.svg`;
    files.push({ path, content: svg });
    return `![${alt}](${encodeURI(path)})`;
  };
  const lines = [
    ...totalsSection(report, options, chart),
    ...foldsSection(report),
    ...prefixSection(report),
    ...contextSection(report, chart),
    ...perSessionSection(report),
    ...skippedSection(report),
    '## How it was measured',
    '',
    ...METHOD,
    '',
  ];
  return { markdown: lines.join('\n'), files };
}

/** The run, how to repeat it, the totals table, the oracle's line and the three summary charts. */
function totalsSection(report: BenchReport, options: MarkdownOptions, chart: Chart): string[] {
  const columns = figureColumns(report);
  const lines = [
    '# gardener bench',
    '',
    runLine(report),
    '',
    `- Command: \`${options.command}\``,
    `- Data: ${options.data}`,
    `- Machine: ${options.machine}`,
    '',
    '## Totals',
    '',
    `Aggregated over the ${report.aggregatedSessions} sessions with at least 10 calls. Cost is in input-token units, prompt-cache aware.`,
    '',
    ...markdownTable(
      ['strategy', ...columns.map((c) => c.header)],
      report.totals.map((f) => [`\`${f.strategy}\``, ...columns.map((c) => c.value(f))]),
    ),
    '',
  ];
  const oracle = oracleLine(report);
  if (oracle) lines.push(oracle, '');
  if (report.totals.length && report.aggregatedSessions > 0) {
    lines.push(chart('frontier', frontierChart(report), 'Cost against fidelity, per strategy'), '');
    lines.push(chart('cost', costChart(report), 'Cost relative to raw, per strategy'), '');
    lines.push(chart('fidelity', fidelityChart(report), 'Needles kept, per strategy'), '');
  }
  return lines;
}

/** The folds side by side with the pooled figures, then every figure of each fold per strategy. */
function foldsSection(report: BenchReport): string[] {
  const grid = foldGrid(report);
  if (!grid) return [];
  const columns = figureColumns(report);
  const lines = ['## Folds', '', `${FOLDS_HEADING}.`, '', ...markdownTable(grid.header, grid.rows), ''];
  for (const fold of report.folds) {
    lines.push(
      '<details>',
      `<summary><code>${escapeMd(fold.fold)}</code>: ${count(fold.aggregatedSessions, 'session')} aggregated of ${fold.sessions}</summary>`,
      '',
      ...markdownTable(
        ['strategy', ...columns.map((c) => c.header)],
        fold.totals.map((f) => [`\`${f.strategy}\``, ...columns.map((c) => c.value(f))]),
      ),
      '',
      '</details>',
      '',
    );
  }
  return lines;
}

/** The prefix check, when it ran: failing requests per strategy, and gardener's failing sessions. */
function prefixSection(report: BenchReport): string[] {
  const lines = prefixLines(report);
  if (!lines.length) return [];
  return [
    '## Prefix check',
    '',
    `${PREFIX_HEADING}.`,
    '',
    ...lines.map((line) =>
      line.startsWith('  ') ? `  - ${escapeMd(line.trimStart())}` : `- ${escapeMd(line)}`,
    ),
    '',
  ];
}

/** A context-per-call chart for each long session. */
function contextSection(report: BenchReport, chart: Chart): string[] {
  const long = longSessions(report);
  if (!long.length) return [];
  const lines = ['## Context size per call', ''];
  long.forEach((session, i) => {
    lines.push(`### ${escapeMd(session.label)}`, '');
    lines.push(
      chart(
        `context-${i + 1}-${slug(session.label)}`,
        contextChart(session, report.window),
        `Context tokens per call for ${session.label}`,
      ),
      '',
    );
  });
  return lines;
}

/** A folded table of every session's figures, per strategy. */
function perSessionSection(report: BenchReport): string[] {
  const columns = figureColumns(report);
  const lines = ['## Per session', ''];
  for (const strategy of report.strategies) {
    const rows = report.sessions.flatMap((s) => {
      const f = s.strategies.find((x) => x.strategy === strategy);
      return f
        ? [
            [
              escapeMd(s.aggregated ? s.label : `${s.label} (not aggregated)`),
              ...columns.map((c) => c.value(f)),
            ],
          ]
        : [];
    });
    lines.push(
      '<details>',
      `<summary><code>${strategy}</code>: ${count(rows.length, 'session')}</summary>`,
      '',
    );
    lines.push(...markdownTable(['session', ...columns.map((c) => c.header)], rows), '', '</details>', '');
  }
  return lines;
}

function skippedSection(report: BenchReport): string[] {
  if (!report.skipped.length) return [];
  const lines = ['## Skipped', ''];
  for (const s of report.skipped) lines.push(`- \`${escapeMd(s.source)}\`: ${escapeMd(s.reason)}`);
  lines.push('');
  return lines;
}

/** Sessions worth a context chart: aggregated, raw reaching half the window, longest first. */
export function longSessions(report: BenchReport): SessionReport[] {
  const rawPeak = (s: SessionReport) => s.strategies.find((f) => f.strategy === 'raw')?.peak ?? 0;
  const sorted = report.sessions.filter((s) => s.aggregated).sort((a, b) => rawPeak(b) - rawPeak(a));
  const long = sorted.filter((s) => rawPeak(s) >= report.window * LONG_SHARE);
  return (long.length ? long : sorted.slice(0, FALLBACK_CHARTS)).slice(0, MAX_CONTEXT_CHARTS);
}

function contextChart(session: SessionReport, window: number): string {
  return lineChart({
    title: `Context per call · ${tail(session.label, TITLE_CHARS)}`,
    subtitle: `${count(session.calls, 'call')} · ${session.format} · tokens (cl100k_base)`,
    series: Object.entries(session.series).map(([name, values]) => ({
      name,
      color: STRATEGY_COLORS[name as keyof typeof STRATEGY_COLORS],
      values: values ?? [],
    })),
    xLabel: 'call',
    yLabel: 'context tokens',
    reference: { value: window, label: `window ${compact(window)}` },
  });
}

function costChart(report: BenchReport): string {
  return barChart({
    title: 'Cost relative to raw (cache-aware)',
    subtitle: `Σ cost / Σ cost(raw) over ${report.aggregatedSessions} sessions · lower is better`,
    groups: report.totals.map((f) => ({
      label: f.strategy,
      bars: [{ name: 'cost / raw', color: STRATEGY_COLORS[f.strategy], value: f.costRatio ?? 0 }],
    })),
    format: (v) => `${v.toFixed(2)}×`,
    reference: { value: 1, label: 'raw' },
  });
}

function frontierChart(report: BenchReport): string {
  return scatterChart({
    title: 'Cost against fidelity',
    subtitle: `${report.aggregatedSessions} sessions · window ${compact(report.window)} · up and to the left is better; the oracle is a bound`,
    points: report.totals
      .filter((f) => f.costRatio !== null && f.fidelityContext !== null)
      .map((f) => ({
        name: f.strategy,
        color: STRATEGY_COLORS[f.strategy],
        x: f.costRatio ?? 0,
        y: f.fidelityContext ?? 0,
        ...(f.fidelityRecall !== null ? { y2: f.fidelityRecall } : {}),
      })),
    xLabel: 'cost / raw (cache-aware)',
    yLabel: 'needles kept',
    formatX: (v) => `${v.toFixed(2)}×`,
    formatY: (v) => percent(v),
  });
}

function fidelityChart(report: BenchReport): string {
  const groups = report.totals.map((f: StrategyFigures) => ({
    label: f.strategy,
    bars: [
      { name: 'in context', color: STRATEGY_COLORS[f.strategy], value: f.fidelityContext ?? 0 },
      {
        name: 'in context ∪ recall@5',
        color: STRATEGY_COLORS[f.strategy],
        value: f.fidelityRecall ?? 0,
        opacity: RECALL_OPACITY,
      },
    ],
  }));
  const needles = report.totals[0]?.needles ?? 0;
  return barChart({
    title: 'Fidelity: needles kept',
    subtitle: `${integer(needles)} needles · higher is better`,
    groups,
    format: (v) => percent(v),
    max: 1,
    legend: [
      { name: 'in context', color: '#57606a' },
      { name: 'in context ∪ recall@5 (lighter)', color: '#57606a', opacity: RECALL_OPACITY },
    ],
  });
}

function markdownTable(header: readonly string[], rows: ReadonlyArray<readonly string[]>): string[] {
  return [
    `| ${header.join(' | ')} |`,
    `|${header.map((_, i) => (i === 0 ? ':---' : '---:')).join('|')}|`,
    ...rows.map((r) => `| ${r.map((c) => c.replace(/\|/g, '\\|')).join(' | ')} |`),
  ];
}

function escapeMd(text: string): string {
  return text.replace(/[<>]/g, (c) => (c === '<' ? '&lt;' : '&gt;')).replace(/([*_`[\]])/g, '\\$1');
}

/** The end of a long text, marked with an ellipsis. */
function tail(text: string, max: number): string {
  return text.length <= max ? text : `…${text.slice(-(max - 1))}`;
}

/** A file-name-safe short form of a label. */
export function slug(label: string): string {
  return (
    label
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(-60)
      .replace(/^-+/, '') || 'session'
  );
}

const METHOD = [
  'As defined in docs/BENCH.md, so the figures can be reproduced by hand:',
  '',
  '- A **call** is the point before each assistant message; its context is the system prompt, the tool definitions and every earlier message, rendered by the strategy. The recorded assistant message is then appended as it was.',
  '- **Tokens**: cl100k_base, +4 per message, `tool_use` = name + JSON input, images 1,500, thinking blocks of earlier turns not counted — except with `--model` on a model that keeps them in the context (the 4.6+ and 5.x models), where they are counted and billed as input.',
  '- **billed** = Σ context over calls; **peak** = largest context; **over** = calls whose context exceeds the window.',
  "- **cost** per call = 1 · uncached + 0.1 · read + 1.25 · written (at the session model's ratios: reads cost 0.05 on Opus and Sonnet 5.5, 0.025 on Fable and Mythos 5.1–5.2), as the core's prompt cache model (src/core/cache/prompt-cache.ts) bills the strategy's request: breakpoints where Claude Code puts them (system + tools as one unit, and the last message; gardener and the oracle add theirs as the proxy door places them, with the core's cache track: one where the request reads the most, one at the end of the compacted region); a call reads the longest prefix an earlier call wrote at a breakpoint within 20 blocks back and writes the rest; calls 30 s apart (no entry expires). A summary call adds the read ratio · context read + 5 · summary tokens written.",
  '- **Needles**: a path with an extension, `path:line`, an error type, a test id, a backticked identifier or a 4+ digit number from a tool result at call i that reappears (as a whole word) in a user text, an assistant text or a tool_use input at call j ≥ i + 3; one needle per string (first appearance, first later use). **Kept in context**: it occurs in the rendered context of call j (the using user text itself excluded). **Kept via recall**: one of the top 5 hits of `recall(later text without the needle)` holds it in its original.',
  '- **Echo needles** (counted apart): needles whose string was also in the input of the tool call the result answers (an Edit snippet echoed back, a written file, an approved plan). An empty recall query (a later Read or Glob whose input is only the path) falls back to the tool call whose result held the needle: its name and arguments minus the needle.',
  "- **oracle** (a bound, not a peer): gardener's own summaries and stubs placed knowing the future. Each tool result takes, when it arrives, the cheapest form that still shows every needle only it holds at the later use; when the window would overflow, one event shortens, oldest first, what no later call needs, then what a summary still covers, down to half the window. The agent's own messages stay as they are.",
  "- **summary** replaces everything before the kept tail with one message of 6% of its size; its words are unknown (an LLM's), so it holds no needle.",
  "- **prefix failures** (with `--model` on a model that binds thinking: Opus, Sonnet and Haiku 5.5, Fable and Mythos 5.1–5.2): calls whose request, as the strategy sends it and before any recovery by the client, fails the API's prefix check (src/core/binding): each recorded reply's thinking blocks are bound to the request the strategy rendered for its call, and each later request is checked against those bindings. `clear` is checked on the request the client sends (the server's clearing is not a change); with `--synth-thinking N` a session with no thinking gets an N-token block at the start of each reply.",
  '- **ms**: gardener CPU time per call (ingest + plan + render), p50 / p95 / max.',
  '- Sessions with fewer than 10 calls are reported but not aggregated.',
  "- **Folds** (leave one source out): a session's fold is its source, the first folder below the folder given (`claude-code-log`, `swe-agent`…). A fold's row aggregates that source's sessions, its cost ratios to its own raw. gardener fits nothing at bench time, so each fold's figures are its held-out report; the benchmarks that choose constants fit them on the other sources (`--fold SOURCE`). A change is kept when it helps, or does not hurt, on every fold.",
];
