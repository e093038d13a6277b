import { Command } from 'commander';
import { CONTENT_CLASSES } from '../classify/types.js';
import type { StoreStats } from '../store/types.js';
import type { CliIo } from './io.js';
import { useColor } from './io.js';
import { addStoreOptions, withStore, type StoreFlags } from './store-options.js';

interface StatsFlags extends StoreFlags {
  all?: boolean;
  json?: boolean;
  check?: boolean;
}

const n = (value: number): string => value.toLocaleString('en-US');
const count = (value: number, one: string, many = `${one}s`): string =>
  `${n(value)} ${value === 1 ? one : many}`;

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}

function ratio(summary: number, original: number): string {
  return original === 0 ? '–' : (summary / original).toFixed(2);
}

/** The per-class table: entries, original → summary tokens, ratio, and a total row. */
export function classTable(stats: StoreStats): string {
  const rows: string[][] = [['class', 'entries', 'original tokens', 'summary tokens', 'ratio']];
  for (const cls of CONTENT_CLASSES) {
    const c = stats.byClass[cls];
    if (c)
      rows.push([
        cls,
        n(c.count),
        n(c.tokensOriginal),
        n(c.tokensSummary),
        ratio(c.tokensSummary, c.tokensOriginal),
      ]);
  }
  rows.push([
    'total',
    n(stats.entries),
    n(stats.tokensOriginal),
    n(stats.tokensSummary),
    ratio(stats.tokensSummary, stats.tokensOriginal),
  ]);
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length))) ?? [];
  return rows
    .map((r) =>
      r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join('   '),
    )
    .join('\n');
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
    await withStore(io, flags, async (store, { scope, path }) => {
      const { contextPressure } = await import('../recall/pressure.js');
      const stats = store.stats(flags.all ? {} : { project: scope.project });
      const sessionNamed = flags.session !== undefined || io.env['GARDENER_SESSION'] !== undefined;
      const pressure = sessionNamed ? contextPressure(store.stats(scope)) : undefined;
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
        `${bold('database')}  ${path} · ${formatBytes(stats.databaseBytes)}`,
        `${bold(flags.all ? 'all projects' : 'project')}   ${flags.all ? '' : scope.project + ' · '}${count(stats.entries, 'entry', 'entries')} · ${count(stats.notes, 'note')} · ${count(stats.redactions, 'secret')} redacted`,
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
          `${bold('session')}   ${scope.session}: ${n(pressure.entries_tracked)} entries tracked · ${n(pressure.total_original_tokens)} → ${n(pressure.total_summary_tokens)} tokens (${pressure.compression_ratio.toFixed(2)}) · ${n(pressure.eviction_candidates)} eviction candidates`,
          `          ${pressure.recommendation}`,
        );
      }
      io.stdout.write(`${lines.join('\n')}\n`);
    });
  });
}
