import { Command } from 'commander';
import { CONTENT_CLASSES, type ContentClass } from '../../../core/classify/index.js';
import { count, formatBytes, integer } from '../../../core/format/index.js';
import { textTable } from '../../../core/format/index.js';
import { BREAKDOWN_ORDER } from '../../../core/garden/constants.js';
import type { StoreStats } from '../../../core/store/index.js';
import type { CliIo } from '../../kit/cli/io.js';
import { useColor } from '../../kit/cli/io.js';
import {
  addStoreOptions,
  withStore,
  type StoreFlags,
  READ_ONLY_WILL_DO,
} from '../../kit/cli/store-options.js';
import { terminalSafe } from '../../kit/terminal-safe.js';

interface StatsFlags extends StoreFlags {
  all?: boolean;
  json?: boolean;
  check?: boolean;
}

function isContentClass(name: string): name is ContentClass {
  return (CONTENT_CLASSES as readonly string[]).includes(name);
}

function ratio(summary: number, original: number): string {
  return original === 0 ? '–' : (summary / original).toFixed(2);
}

/** The per-class table: entries, original → summary tokens, ratio, and a total row. */
export function classTable(stats: StoreStats): string {
  const rows: string[][] = [];
  for (const cls of BREAKDOWN_ORDER) {
    const c = isContentClass(cls) ? stats.byClass[cls] : undefined;
    if (c)
      rows.push([
        cls,
        integer(c.count),
        integer(c.tokensOriginal),
        integer(c.tokensSummary),
        ratio(c.tokensSummary, c.tokensOriginal),
      ]);
  }
  rows.push([
    'total',
    integer(stats.entries),
    integer(stats.tokensOriginal),
    integer(stats.tokensSummary),
    ratio(stats.tokensSummary, stats.tokensOriginal),
  ]);
  return textTable(['class', 'entries', 'original tokens', 'summary tokens', 'ratio'], rows);
}

/** `gardener stats`: what the store holds, by class, and the context_pressure() figures of a session. */
export function makeStatsCommand(io: CliIo): Command {
  const command = new Command('stats')
    .description(
      'Entries and tokens (original → summary) by class, database size, and context_pressure() of a session',
    )
    .option('--all', 'the whole database (every project) instead of this project')
    .option('--check', 'also run an integrity check of the database (slow on large stores)')
    .option('--json', 'print the figures as JSON');
  return addStoreOptions(command).action(async (flags: StatsFlags) => {
    await withStore(
      io,
      flags,
      async (store, { scope, path }) => {
        const { storedPressure } = await import('../../../core/garden/index.js');
        const stats = store.stats(flags.all ? {} : { project: scope.project });
        const sessionNamed = flags.session !== undefined || io.env['GARDENER_SESSION'] !== undefined;
        const pressure = sessionNamed ? storedPressure(store.stats(scope)) : undefined;
        const problems = flags.check ? store.check() : undefined;
        if (flags.json) {
          const data = {
            database: {
              path,
              bytes: stats.databaseBytes,
              ...(problems ? { integrity: problems.length === 0 ? 'ok' : problems } : {}),
            },
            scope: flags.all ? 'all projects' : { project: scope.project },
            stats,
            ...(pressure ? { session: { name: scope.session, context_pressure: pressure } } : {}),
          };
          io.stdout.write(`${JSON.stringify(data, null, 2)}\n`);
          return;
        }
        const pc = (await import('picocolors')).default;
        const bold = useColor(io, 'stdout') ? pc.bold : (s: string) => s;
        const lines = [
          `${bold('database')}  ${terminalSafe(path)} · ${formatBytes(stats.databaseBytes)}`,
          `${bold(flags.all ? 'all projects' : 'project')}   ${flags.all ? '' : terminalSafe(scope.project) + ' · '}${count(stats.entries, 'entry', 'entries')} · ${count(stats.notes, 'note')} · ${count(stats.redactions, 'secret')} redacted`,
          '',
          classTable(stats),
        ];
        if (problems)
          lines.push(
            '',
            problems.length === 0
              ? 'integrity check: ok'
              : `integrity check found problems:\n  ${problems.join('\n  ')}`,
          );
        if (pressure) {
          lines.push(
            '',
            `${bold('session')}   ${terminalSafe(scope.session)}: ${count(pressure.entries_tracked, 'entry', 'entries')} tracked · ${integer(pressure.total_original_tokens)} → ${integer(pressure.total_summary_tokens)} tokens (${pressure.compression_ratio.toFixed(2)}) · ${count(pressure.eviction_candidates, 'eviction candidate')}`,
            `          ${pressure.recommendation}`,
          );
        }
        io.stdout.write(`${lines.join('\n')}\n`);
      },
      READ_ONLY_WILL_DO,
    );
  });
}
