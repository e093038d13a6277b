import { count, integer } from '../../../core/format/index.js';
import { textTable } from '../../../core/format/index.js';
import { BREAKDOWN_ORDER } from '../../../core/garden/constants.js';
import type { CompressStats, OverWindow } from '../compress.js';

const ratio = (before: number, after: number): string => (before === 0 ? '—' : (after / before).toFixed(2));

/** Why the `other` row is never shortened, printed under the table when it has blocks. */
const OTHER_NOTE =
  'other: tool calls with no large field (what the agent did, small: its input stays valid for the tool), thinking blocks (must come back byte-identical) and empty blocks; sent as they are';

/** The human report of `gardener compress`: blocks and tokens by class, before → after. */
export function formatReport(stats: CompressStats, info: { format: string; skipped: number }): string {
  const rows: string[][] = [];
  for (const cls of BREAKDOWN_ORDER) {
    const row = stats.byClass[cls];
    if (!row || row.blocks === 0) continue;
    rows.push([
      cls,
      integer(row.blocks),
      integer(row.summaries + row.stubs),
      integer(row.tokensBefore),
      integer(row.tokensAfter),
      ratio(row.tokensBefore, row.tokensAfter),
    ]);
  }
  rows.push([
    'request',
    '',
    '',
    integer(stats.tokensBefore),
    integer(stats.tokensAfter),
    ratio(stats.tokensBefore, stats.tokensAfter),
  ]);
  const table = textTable(['class', 'blocks', 'shortened', 'tokens before', 'after', 'ratio'], rows);
  const head =
    `${info.format}: ${integer(stats.transcripts)} transcript${stats.transcripts === 1 ? '' : 's'}, ${count(stats.messages, 'message')}, ` +
    `${integer(stats.events)} compaction event${stats.events === 1 ? '' : 's'}, ${stats.elapsedMs.toFixed(0)} ms`;
  const tail = info.skipped > 0 ? [`${integer(info.skipped)} unreadable lines skipped (--lenient)`] : [];
  if ((stats.byClass.other?.blocks ?? 0) > 0) tail.unshift(OTHER_NOTE);
  return [head, table, ...tail].join('\n') + '\n';
}

/** One warning for each compressed transcript still past its model's context window. */
export function overWindowWarnings(over: readonly OverWindow[]): string[] {
  return over.map(
    (o) =>
      `warning: transcript ${o.transcript} is still ${integer(o.tokens)} tokens once compressed, over the ` +
      `${integer(o.window)}-token context window of ${o.model ?? 'the default model'}; ` +
      `--budget ${o.window} shortens it until it fits (every original stays in the store)`,
  );
}
