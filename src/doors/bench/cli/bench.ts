import { Command } from 'commander';
import type { BenchReport, SourceItem } from '../run.js';
import type { FoldBy } from '../folds.js';
import type { SplitName } from '../split.js';
import type { PrefixCheckSetting } from '../../../core/garden/constants.js';
import { GardenerError } from '../../../errors.js';
import type { CliIo } from '../../kit/cli/io.js';
import { useColor } from '../../kit/cli/io.js';
import { addSharedOptions, SHARED_OPTIONS } from '../../kit/cli/options.js';
import { count } from '../../../core/format/index.js';

interface BenchFlags {
  strategies: string;
  window?: string;
  budget?: string;
  maskKeep: string;
  limit?: string;
  sessions?: string;
  from?: string;
  lenient?: boolean;
  json?: boolean;
  out?: string;
  brief?: boolean;
  split: string;
  folds: string;
  model?: string;
  synthThinking?: string;
  prefixCheck?: string;
}

const ALL_STRATEGIES = 'raw,mask,clear,summary,gardener,oracle';
/** The window of a real model; the default for session files. */
const DEFAULT_WINDOW = 200_000;
/**
 * The default for the built-in sessions: they peak at about 45k tokens, so at 200k every strategy
 * would look the same. At this window a first run shows what gardener does.
 */
const BUILTIN_WINDOW = 32_000;

/** Redraw the live progress line at most this often. */
const REDRAW_MS = 100;
/** Width of the progress line when the terminal does not say. */
const DEFAULT_COLUMNS = 100;

/** `gardener bench [PATH...]`: replay recorded sessions under several context strategies (docs/BENCH.md). */
export function makeBenchCommand(io: CliIo): Command {
  const command = new Command('bench')
    .description(
      'Replay recorded sessions call by call under several context strategies and report cost, size, fidelity and speed (docs/BENCH.md)',
    )
    .argument(
      '[paths...]',
      'session files or folders in any importable format (default: the built-in sessions)',
    )
    .option(
      '--strategies <list>',
      'comma-separated: raw, mask, clear, summary, gardener (raw always runs: it is the baseline)',
      ALL_STRATEGIES,
    )
    .option(
      '--window <tokens>',
      `context window in tokens (default ${DEFAULT_WINDOW}; ${BUILTIN_WINDOW} for the built-in sessions, which never reach 200k)`,
    );
  addSharedOptions(command, {
    budget: { about: "gardener's budget", defaultText: 'from its config for the window' },
    model: {
      about:
        "replay every session on this model: its cache prices; earlier turns' thinking counted where the model keeps it; each request checked against the API's prefix check where it binds thinking (a `prefix failures` column)",
      defaultText: "each session's own; thinking neither counted nor checked",
    },
    prefixCheck: {
      about:
        "gardener's handling of the check — auto: never change what a thinking block sent back was produced after; off: as for an old account, to see what thinking-safety costs (the bench checks every request either way)",
    },
  });
  return command
    .option(
      '--synth-thinking <tokens>',
      'with --model on a model that binds thinking: a session without thinking gets a thinking block of this many tokens at the start of each reply, so the prefix check has blocks to check',
    )
    .option('--mask-keep <n>', 'tool results the mask strategy keeps', '10')
    .option('--limit <n>', 'replay at most this many sessions')
    .option(
      '--split <part>',
      'dev | holdout | all: the files held out from tuning are 30% of each format folder, by a hash of their path',
      'all',
    )
    .option(
      '--folds <by>',
      'source | none: report each source (the first folder under a folder given) as a leave-one-source-out fold beside the pooled figures',
      'source',
    )
    .option('--sessions <glob>', 'only sessions whose path, file name or id matches the glob')
    .option('--from <format>', 'read every file as this format instead of detecting it')
    .option('--lenient', 'skip unreadable JSONL lines instead of skipping the file')
    .option('--json', 'print the report as JSON on stdout (progress stays on stderr)')
    .option('--out <file>', 'also write a markdown report with SVG charts (charts go to <file>-charts/)')
    .option('--brief', 'print only the totals, not a table per strategy')
    .addHelpText(
      'after',
      '\nExamples:\n  gardener bench\n  gardener bench ../shared/sessions --window 32000 --out report.md   (one fold a source folder)\n  gardener bench sessions/ --strategies mask,gardener --sessions "**/claude-code-log/**" --json\n  gardener bench ../shared/sessions --window 32000 --model claude-opus-5-5 --synth-thinking 300   (prefix failures)',
    )
    .action(async (paths: string[], flags: BenchFlags) => runBenchCommand(io, paths, flags));
}

async function runBenchCommand(io: CliIo, paths: string[], flags: BenchFlags): Promise<void> {
  const settings = await benchSettings(paths, flags);
  const { loadSessions } = await import('../load.js');
  const source = loadSessions(paths, {
    cwd: io.cwd,
    ...(flags.from !== undefined ? { from: flags.from } : {}),
    ...(flags.lenient ? { lenient: true } : {}),
    ...(flags.sessions !== undefined ? { sessions: flags.sessions } : {}),
    ...(settings.limit !== undefined ? { limit: settings.limit } : {}),
    split: flags.split as SplitName,
    folds: flags.folds as FoldBy,
  });
  const report = await replayWithProgress(io, source, settings);
  if (report.sessions.length === 0) throw nothingToReplay(paths, report.skipped.length, flags.sessions);
  if (flags.json) {
    const { renderJson } = await import('../report/json.js');
    io.stdout.write(renderJson(report));
  } else {
    io.stdout.write(await reportTables(io, report, paths, flags));
  }
  if (flags.out !== undefined) await writeMarkdown(io, report, flags.out, paths, flags);
}

interface BenchSettings {
  strategies: string[];
  window: number;
  maskKeep: number;
  budget?: number;
  limit?: number;
  model?: string;
  synthThinking?: number;
  prefixCheck?: PrefixCheckSetting;
}

/** The flags checked and turned into numbers; a USAGE error names the first bad one. */
async function benchSettings(paths: string[], flags: BenchFlags): Promise<BenchSettings> {
  const { STRATEGY_NAMES } = await import('../types.js');
  const strategies = flags.strategies
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const name of strategies) {
    if (!(STRATEGY_NAMES as readonly string[]).includes(name))
      throw new GardenerError('USAGE', `unknown strategy "${name}"`, {
        hint: `choose from ${STRATEGY_NAMES.join(', ')}`,
      });
  }
  const window =
    flags.window !== undefined
      ? positiveInt(flags.window, '--window')
      : paths.length === 0
        ? BUILTIN_WINDOW
        : DEFAULT_WINDOW;
  const maskKeep = positiveInt(flags.maskKeep, '--mask-keep', 0);
  const budget =
    flags.budget !== undefined
      ? SHARED_OPTIONS.budget.parse(flags.budget, { tokens: window, of: 'the bench (--window)' })
      : undefined;
  const limit = flags.limit !== undefined ? positiveInt(flags.limit, '--limit') : undefined;

  const { SPLIT_NAMES } = await import('../split.js');
  if (!(SPLIT_NAMES as readonly string[]).includes(flags.split))
    throw new GardenerError('USAGE', `unknown split "${flags.split}"`, {
      hint: `choose from ${SPLIT_NAMES.join(', ')}`,
    });
  const { FOLD_BY } = await import('../folds.js');
  if (!(FOLD_BY as readonly string[]).includes(flags.folds))
    throw new GardenerError('USAGE', `unknown --folds "${flags.folds}"`, {
      hint: `choose from ${FOLD_BY.join(', ')}`,
    });
  if (flags.from !== undefined) (await import('../../../core/transcript/index.js')).getFormat(flags.from);
  const thinking = await thinkingSettings(flags);
  const prefixCheck =
    flags.prefixCheck !== undefined ? SHARED_OPTIONS.prefixCheck.parse(flags.prefixCheck) : undefined;
  return {
    strategies,
    window,
    maskKeep,
    ...(budget !== undefined ? { budget } : {}),
    ...(limit !== undefined ? { limit } : {}),
    ...thinking,
    ...(prefixCheck !== undefined ? { prefixCheck } : {}),
  };
}

/** `--model` (a model the cache table knows) and `--synth-thinking` (only where the check runs). */
async function thinkingSettings(flags: BenchFlags): Promise<Pick<BenchSettings, 'model' | 'synthThinking'>> {
  const synthThinking =
    flags.synthThinking !== undefined ? positiveInt(flags.synthThinking, '--synth-thinking') : undefined;
  if (flags.model === undefined) {
    if (synthThinking !== undefined)
      throw new GardenerError('USAGE', '--synth-thinking needs --model', {
        hint: 'a model that binds thinking, e.g. --model claude-opus-5-5',
      });
    return {};
  }
  const { cacheModel } = await import('../../../core/cache/index.js');
  const { preservesThinking } = await import('../../../core/binding/index.js');
  if (cacheModel(flags.model).id === '')
    throw new GardenerError('USAGE', `--model "${flags.model}" is not a model gardener knows`, {
      hint: 'give a Claude model id, e.g. claude-opus-5-5 or claude-sonnet-4-5',
    });
  if (synthThinking !== undefined && !preservesThinking(flags.model))
    throw new GardenerError(
      'USAGE',
      `--synth-thinking needs a model that binds thinking, not "${flags.model}"`,
      {
        hint: 'e.g. --model claude-opus-5-5 or claude-sonnet-5-5',
      },
    );
  return { model: flags.model, ...(synthThinking !== undefined ? { synthThinking } : {}) };
}

/** Runs the bench, drawing a live progress line on a terminal (a line per session otherwise). */
async function replayWithProgress(
  io: CliIo,
  source: AsyncIterable<SourceItem>,
  settings: BenchSettings,
): Promise<BenchReport> {
  const { runBench } = await import('../run.js');
  const { advance, initialProgress, progressLine } = await import('../report/progress.js');
  const live = io.stderr.isTTY === true;
  const started = Date.now();
  let state = initialProgress();
  let frame = 0;
  let drawn = 0;
  const columns = (io.stderr as { columns?: number }).columns || DEFAULT_COLUMNS;
  const clear = () => live && io.stderr.write('\r\x1b[2K');

  let report;
  for await (const event of runBench(source, {
    strategies: settings.strategies as never,
    window: settings.window,
    maskKeep: settings.maskKeep,
    ...(settings.budget !== undefined ? { budget: settings.budget } : {}),
    ...(settings.model !== undefined ? { model: settings.model } : {}),
    ...(settings.synthThinking !== undefined ? { synthThinking: settings.synthThinking } : {}),
    ...(settings.prefixCheck !== undefined ? { prefixCheck: settings.prefixCheck } : {}),
  })) {
    state = advance(state, event);
    if (event.type === 'skip') {
      clear();
      io.stderr.write(`skipped ${event.source}: ${event.reason}\n`);
    } else if (event.type === 'session-done' && !live) {
      io.stderr.write(
        `[${event.index + 1}/${event.total}] ${event.session.label} · ${count(event.session.calls, 'call')} · ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
      );
    } else if (event.type === 'done') report = event.report;
    if (live && Date.now() - drawn >= REDRAW_MS) {
      drawn = Date.now();
      io.stderr.write(`\r\x1b[2K${progressLine(state, drawn - started, frame++, columns - 1)}`);
    }
  }
  clear();
  if (!report) throw new GardenerError('INTERNAL', 'the bench run ended without a report');
  return report;
}

/** The report as tables, with the built-in window's note under the heading when it applies. */
async function reportTables(
  io: CliIo,
  report: BenchReport,
  paths: string[],
  flags: BenchFlags,
): Promise<string> {
  const { renderTables } = await import('../report/table.js');
  const pc = (await import('picocolors')).default;
  const emphasize = useColor(io, 'stdout') ? pc.bold : (s: string) => s;
  const tables = renderTables(report, { sessions: !flags.brief, emphasize });
  const [head, ...rest] = tables.split('\n');
  const note = builtinWindowNote(paths, flags);
  return note ? [head, note, ...rest].join('\n') : tables;
}

async function writeMarkdown(
  io: CliIo,
  report: BenchReport,
  out: string,
  paths: string[],
  flags: BenchFlags,
): Promise<void> {
  const path = await import('node:path');
  const os = await import('node:os');
  const { mkdir, writeFile } = await import('node:fs/promises');
  const { renderMarkdown } = await import('../report/markdown.js');
  const file = path.resolve(io.cwd, out);
  const chartDir = `${path.basename(file).replace(/\.md$/i, '')}-charts`;
  const cpus = os.cpus();
  const { markdown, files } = renderMarkdown(report, {
    command: commandLine(paths, flags),
    chartDir,
    machine: `${os.type()} ${os.release()} (${os.arch()}) · ${cpus[0]?.model.trim() ?? 'unknown CPU'} × ${cpus.length} · Node ${process.version}`,
    data: paths.length
      ? paths.map((p) => `\`${p}\``).join(', ')
      : `the built-in sessions (src/doors/bench/builtin)${builtinWindowNote(paths, flags) ? `, ${builtinWindowNote(paths, flags)}` : ''}`,
  });
  try {
    await mkdir(path.join(path.dirname(file), chartDir), { recursive: true });
    for (const f of files) await writeFile(path.join(path.dirname(file), f.path), f.content);
    await writeFile(file, markdown);
  } catch (error) {
    throw new GardenerError('INPUT_INVALID', `cannot write the report: ${(error as Error).message}`, {
      where: out,
      cause: error,
    });
  }
  io.stderr.write(`wrote ${out} and ${files.length} chart${files.length === 1 ? '' : 's'} in ${chartDir}/\n`);
}

/** The command that reproduces the run (non-default flags only). */
function commandLine(paths: string[], flags: BenchFlags): string {
  const parts = ['gardener bench', ...paths.map(quote)];
  if (flags.strategies !== ALL_STRATEGIES) parts.push(`--strategies ${flags.strategies}`);
  if (flags.window !== undefined) parts.push(`--window ${flags.window}`);
  if (flags.budget !== undefined) parts.push(`--budget ${flags.budget}`);
  if (flags.maskKeep !== '10') parts.push(`--mask-keep ${flags.maskKeep}`);
  if (flags.limit !== undefined) parts.push(`--limit ${flags.limit}`);
  if (flags.split !== 'all') parts.push(`--split ${flags.split}`);
  if (flags.folds !== 'source') parts.push(`--folds ${flags.folds}`);
  if (flags.sessions !== undefined) parts.push(`--sessions ${quote(flags.sessions)}`);
  if (flags.from !== undefined) parts.push(`--from ${flags.from}`);
  if (flags.lenient) parts.push('--lenient');
  if (flags.model !== undefined) parts.push(`--model ${quote(flags.model)}`);
  if (flags.synthThinking !== undefined) parts.push(`--synth-thinking ${flags.synthThinking}`);
  if (flags.prefixCheck !== undefined) parts.push(`--prefix-check ${flags.prefixCheck}`);
  return parts.join(' ');
}

function quote(text: string): string {
  return /^[\w./@:=,+-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}

/** Says why the window is not 200k when the built-in sessions ran at their own default. */
function builtinWindowNote(paths: string[], flags: BenchFlags): string | undefined {
  if (paths.length > 0 || flags.window !== undefined) return undefined;
  return `window ${BUILTIN_WINDOW.toLocaleString('en-US')} for the built-in sessions: they are short and never reach a ${DEFAULT_WINDOW.toLocaleString('en-US')} window (--window changes it)`;
}

/** A run that replayed nothing is an error (exit 3), not empty tables. */
function nothingToReplay(paths: string[], skipped: number, glob?: string): GardenerError {
  const where = paths.join(', ');
  const why =
    skipped > 0
      ? skipped === 1
        ? 'the one input was skipped (reason above)'
        : `all ${skipped} inputs were skipped (reasons above)`
      : glob !== undefined
        ? `no session matches --sessions ${quote(glob)}`
        : 'no session files found there';
  return new GardenerError('INPUT_INVALID', `nothing to replay: ${why}`, {
    ...(where ? { where } : {}),
    hint: 'give session files or folders in an importable format, or no path for the built-in sessions',
  });
}

function positiveInt(value: string, flag: string, min = 1): number {
  const n = Number(value.replace(/_/g, ''));
  if (!Number.isInteger(n) || n < min)
    throw new GardenerError('USAGE', `${flag} must be a whole number ≥ ${min}, got "${value}"`);
  return n;
}
