import { Command } from 'commander';
import { count, integer } from '../../../core/format/index.js';
import { textTable } from '../../../core/format/index.js';
import { BREAKDOWN_ORDER, type BreakdownClass } from '../../../core/garden/constants.js';
import type { CliIo } from '../../kit/cli/io.js';
import { useColor } from '../../kit/cli/io.js';
import { addStoreOptions, withStore, type StoreFlags } from '../../kit/cli/store-options.js';
import { addSharedOptions } from '../../kit/cli/options.js';

interface IngestFlags extends StoreFlags {
  from?: string;
  lenient?: boolean;
  json?: boolean;
  redact: boolean;
}

/** `gardener ingest FILE`: read a transcript of any format and store its blocks through the engine. */
export function makeIngestCommand(io: CliIo): Command {
  const command = new Command('ingest')
    .description(
      'Store every block of a transcript (any format) for recall: classified, summarised, originals kept',
    )
    .argument('<file>', 'transcript file ("-" reads stdin)')
    .option('--from <format>', 'input format (default: detected)')
    .option('--lenient', 'skip unreadable JSONL lines instead of failing')
    .option('--json', 'print what was stored as JSON');
  return addStoreOptions(addSharedOptions(command, { redact: true }))
    .addHelpText(
      'after',
      "\nThe session is --session when given, else the transcript's own id (subagents get theirs).\n\nExample:\n  gardener ingest ~/.claude/projects/my-app/5f1c….jsonl",
    )
    .action(async (file: string, flags: IngestFlags) => {
      const { readInput } = await import('../../../core/transcript/index.js');
      const input = await readInput(file, {
        ...(flags.from !== undefined ? { from: flags.from } : {}),
        ...(flags.lenient ? { lenient: true } : {}),
        stdin: io.stdin,
      });
      const { ingestTranscript } = await import('../ingest.js');
      const reports = await withStore(
        io,
        flags,
        (store, { scope }) =>
          input.transcripts.map((transcript) =>
            ingestTranscript(store, scope.project, transcript, {
              ...(flags.session !== undefined ? { session: flags.session } : {}),
              source: file,
            }),
          ),
        { redact: flags.redact },
      );
      if (flags.json) {
        io.stdout.write(
          `${JSON.stringify({ format: input.format, skipped: input.skipped, transcripts: reports }, null, 2)}\n`,
        );
        return;
      }
      const pc = (await import('picocolors')).default;
      const bold = useColor(io, 'stdout') ? pc.bold : (s: string) => s;
      const lines: string[] = [];
      for (const report of reports) {
        lines.push(
          `${bold(report.session)}  ${report.format} · ${count(report.messages, 'message')} · ${count(report.added, 'new entry', 'new entries')}${report.known > 0 ? ` · ${integer(report.known)} already stored` : ''}${report.stripped > 0 ? ` · ${count(report.stripped, 'injected region')} stripped` : ''}`,
          classTable(report.byClass),
          '',
        );
      }
      if (input.skipped > 0) lines.push(`${integer(input.skipped)} unreadable records skipped (--lenient)`);
      io.stdout.write(`${lines.join('\n').trimEnd()}\n`);
    });
}

/** Blocks and original tokens by class, with a total row. */
export function classTable(byClass: Record<string, { blocks: number; tokens: number }>): string {
  const rank = (name: string) => {
    const i = BREAKDOWN_ORDER.indexOf(name as BreakdownClass);
    return i === -1 ? BREAKDOWN_ORDER.length : i;
  };
  const names = Object.keys(byClass).sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : 1));
  const rows: string[][] = [];
  let blocks = 0;
  let tokens = 0;
  for (const name of names) {
    const row = byClass[name];
    if (!row) continue;
    rows.push([name, integer(row.blocks), integer(row.tokens)]);
    blocks += row.blocks;
    tokens += row.tokens;
  }
  rows.push(['total', integer(blocks), integer(tokens)]);
  return textTable(['class', 'blocks', 'tokens'], rows);
}
