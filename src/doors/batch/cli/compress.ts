import { Command, Option } from 'commander';
import type { CliIo } from '../../kit/cli/io.js';
import { addStoreOptions, withStore, type StoreFlags } from '../../kit/cli/store-options.js';
import { gathered } from '../../kit/cli/output.js';
import { writeOutputFile } from '../../kit/cli/output-file.js';
import { addSharedOptions, intFlag, SHARED_OPTIONS } from '../../kit/cli/options.js';
import type { CompressOptions } from '../compress.js';
import { jsonTerminalSafePieces, terminalSafePieces } from '../../kit/terminal-safe.js';

interface CompressFlags extends StoreFlags {
  output?: string;
  from?: string;
  to: 'anthropic' | 'jsonl' | 'text';
  budget?: string;
  minTokens: string;
  keepLast: string;
  maxBytes?: string;
  json?: boolean;
  lenient?: boolean;
  listFormats?: boolean;
  redact: boolean;
}

/**
 * No floor of the door's own: a one-shot compress has no cache to protect, so every block whose
 * summary form is smaller goes out as its summary (the engine builds none under 64 tokens, and none
 * whose frame would make it larger). `--min-tokens` sets a floor.
 */
export const DEFAULT_MIN_TOKENS = 0;
/** Assistant turns (with the user message after each) left untouched at the end. */
export const DEFAULT_KEEP_LAST = 2;

/**
 * SQLite's page cache for compress, in KiB. The command writes every block's entry and reads back
 * only what it checks as it writes and the summaries as it renders them; the driver's default cache
 * would fill as the file grows and stay resident beside the transcript; a small one lowers the
 * peak at no CPU cost seen (docs/BENCH.md § Provenance).
 */
const STORE_CACHE_KIB = 256;

/** `gardener compress [FILE|-]`: transcript in, compacted transcript out, a report on stderr. */
export function makeCompressCommand(io: CliIo): Command {
  return addStoreOptions(compressOptions(new Command('compress')))
    .addHelpText('after', COMPRESS_HELP)
    .action((file: string, flags: CompressFlags) => runCompress(io, file, flags));
}

function compressOptions(command: Command): Command {
  command
    .description('Compress a transcript (any importable format) and write it as an Anthropic request body')
    .argument('[file]', 'transcript file, or "-" for standard input', '-')
    .option('-o, --output <file>', 'write the result here instead of standard output')
    .option('--from <format>', 'input format (default: detected; see --list-formats)')
    .addOption(
      new Option('--to <format>', 'output format')
        .choices(['anthropic', 'jsonl', 'text'])
        .default('anthropic'),
    )
    .option(
      '--min-tokens <n>',
      'leave blocks smaller than this alone (0: every block whose summary is smaller is shortened)',
      String(DEFAULT_MIN_TOKENS),
    )
    .option('--keep-last <turns>', 'leave the latest turns untouched', String(DEFAULT_KEEP_LAST))
    .option('--max-bytes <n>', 'refuse inputs larger than this many bytes (default 64 MiB)')
    .option('--json', 'print the statistics as JSON')
    .option('--lenient', 'skip unreadable JSONL lines (and say how many) instead of failing')
    .option('--list-formats', 'list the input formats and exit');
  return addSharedOptions(command, {
    budget: { about: 'compress lowest priority first only until the transcript fits this many tokens' },
    redact: true,
  });
}

const COMPRESS_HELP = [
  '',
  'The result goes to stdout (or -o); the report goes to stderr, or to stdout when -o is given.',
  'An input holding several transcripts (a Claude Code session and its subagents) gives a JSON array',
  'of request bodies, one per transcript, the main session first.',
  'Originals are stored first (see `gardener show ID`), so nothing is lost.',
  '',
  'Examples:',
  '  gardener compress session.jsonl > compacted.json',
  '  gardener compress session.jsonl --budget 32000 -o compacted.json',
  '  cat run.traj | gardener compress - --from swe-agent --to text',
].join('\n');

/** The flags checked (a bad one fails before the input is read). */
function compressSettings(flags: CompressFlags): CompressOptions & { maxBytes: number | undefined } {
  return {
    budget: flags.budget === undefined ? undefined : SHARED_OPTIONS.budget.parse(flags.budget),
    minTokens: intFlag(flags.minTokens, '--min-tokens', 0),
    keepLastTurns: intFlag(flags.keepLast, '--keep-last', 0),
    maxBytes: flags.maxBytes === undefined ? undefined : intFlag(flags.maxBytes, '--max-bytes', 1),
    session: flags.session,
    // The command reads the input for this alone: the engine may take it over.
    consume: true,
  };
}

async function runCompress(io: CliIo, file: string, flags: CompressFlags): Promise<void> {
  if (flags.listFormats) return listFormats(io);
  const { maxBytes, ...options } = compressSettings(flags);
  const { readInput, exportPieces } = await import('../../../core/transcript/index.js');
  const { transcripts, format, skipped } = await readInput(file, {
    ...(flags.from !== undefined ? { from: flags.from } : {}),
    ...(flags.lenient ? { lenient: true } : {}),
    ...(maxBytes !== undefined ? { maxBytes } : {}),
    stdin: io.stdin,
  });
  const { compressForWriting } = await import('../compress.js');
  const stats = await withStore(
    io,
    flags,
    async (store, target) => {
      // The input's transcripts are handed over (spliced out). Every one is stored and compacted
      // before a byte is written (a bad input fails with no output); the output is then written as
      // it is rendered and serialised, a message at a time, never held whole.
      const run = compressForWriting(store, target.scope.project, transcripts.splice(0), options);
      try {
        const pieces = exportPieces(run.transcripts, flags.to);
        // Text is read on a terminal (or by `cat` later): stored control sequences are shown, not sent.
        const output = flags.to === 'text' ? terminalSafePieces(pieces) : jsonTerminalSafePieces(pieces);
        if (flags.output !== undefined) await writeOutputFile(flags.output, output);
        else for (const chunk of gathered(output)) io.stdout.write(chunk);
      } finally {
        run.close();
      }
      return run.stats;
    },
    { redact: flags.redact, cacheKiB: STORE_CACHE_KIB },
  );
  const { formatReport, overWindowWarnings } = await import('./compress-report.js');
  const report = flags.json
    ? `${JSON.stringify({ format, skipped, ...stats }, null, 2)}\n`
    : formatReport(stats, { format, skipped });
  if (flags.output !== undefined) io.stdout.write(report);
  else io.stderr.write(report);
  for (const warning of overWindowWarnings(stats.overWindow)) io.stderr.write(`${warning}\n`);
}

async function listFormats(io: CliIo): Promise<void> {
  const { listFormats: formats } = await import('../../../core/transcript/index.js');
  const rows = formats().map((f) => [f.name, f.description]);
  const width = Math.max(...rows.map((r) => r[0]!.length));
  io.stdout.write(
    rows.map(([name, description]) => `${name!.padEnd(width)}  ${description}`).join('\n') + '\n',
  );
}
