import { Box, Text } from 'ink';
import { memo } from 'react';
import { FORMS, type PressureReport } from '../../../../core/garden/constants.js';
import type { FooterDetail } from '../layout.js';
import { cacheHitRate, costSaving, type FooterState } from '../state/footer.js';
import { clock, percent, tokens, usd } from '../format.js';
import { FORM_COLOURS } from '../../../kit/tui/theme.js';
import { ClassLegend } from './class-legend.js';
import { PressureBar } from '../../../kit/tui/pressure-bar.js';
import { count } from '../../../../core/format/index.js';

/** Cells of the bar: the terminal's width less the figures beside it, within these bounds. */
const BAR_MIN = 20;
const BAR_MAX = 60;
/** Columns the figures beside the bar take in full ("46k / 200k · 23% · compacts at 60%"). */
const FIGURES = 40;
/** On a narrow screen the bar shrinks to leave its first figures this much room, down to BAR_NARROWEST. */
const NARROW_FIGURES = 18;
const BAR_NARROWEST = 6;

function barWidth(columns: number): number {
  if (columns - FIGURES >= BAR_MIN) return Math.min(BAR_MAX, columns - FIGURES);
  return Math.max(BAR_NARROWEST, Math.min(BAR_MIN, columns - NARROW_FIGURES));
}

/**
 * Live pressure, the point of the product: the request against the budget by class and by form,
 * cache hits, cost against the unmanaged session, the last compaction event. Memoized on its state,
 * which only changes on request, pressure, usage and compaction events. On a short screen it gives
 * up detail (layout.ts decides): `brief` keeps the bar and the cost, `line` the bar alone.
 */
export const Footer = memo(function Footer({
  footer,
  columns,
  detail = 'full',
}: {
  footer: FooterState;
  columns: number;
  detail?: FooterDetail;
}) {
  const { pressure: report } = footer;
  const bar = report ? (
    <BarLine report={report} columns={columns} />
  ) : (
    <Text color="gray">no request yet</Text>
  );
  if (detail === 'line') return bar;
  return (
    <Box
      flexDirection="column"
      borderStyle="single"
      borderColor="gray"
      borderLeft={false}
      borderRight={false}
      borderBottom={false}
    >
      {bar}
      {detail === 'full' && report ? (
        <>
          <ClassLegend report={report} />
          <FormsLine report={report} />
        </>
      ) : null}
      <CostLine footer={footer} />
      {detail === 'full' ? <FullDetail footer={footer} /> : null}
    </Box>
  );
});

function BarLine({ report, columns }: { report: PressureReport; columns: number }) {
  return (
    <Text wrap="truncate-end">
      <PressureBar report={report} width={barWidth(columns)} />{' '}
      <Text bold color={report.pressure > report.high_water ? 'red' : undefined}>
        {tokens(report.calibrated_tokens)} / {tokens(report.budget)}
      </Text>{' '}
      <Text color="gray">
        · {percent(report.pressure)} ·{' '}
        {report.pressure > 1 ? 'over the budget' : `compacts at ${percent(report.high_water)}`}
      </Text>
    </Text>
  );
}

function FormsLine({ report }: { report: PressureReport }) {
  return (
    <Text wrap="truncate-end">
      <Text color="gray">form </Text>
      {FORMS.map((form) => (
        <Text key={form}>
          <Text color={FORM_COLOURS[form]}>{form}</Text> {tokens(report.by_form[form].tokens)}
          <Text color="gray"> ({report.by_form[form].count})</Text>
          {'  '}
        </Text>
      ))}
      <Text color="gray">· tokens saved so far </Text>
      {tokens(report.counters.tokensSaved)}
    </Text>
  );
}

function CostLine({ footer }: { footer: FooterState }) {
  const { usage, cost } = footer;
  const hit = cacheHitRate(usage);
  const saving = costSaving(cost);
  return (
    <Text wrap="truncate-end">
      <Text color="gray">cache </Text>
      {hit === null ? '–' : percent(hit)}
      <Text color="gray"> · cost </Text>
      {usd(cost.usd)}
      <Text color="gray"> vs </Text>
      {usd(cost.unmanagedUsd)}
      <Text color="gray"> unmanaged</Text>
      {saving === null ? (
        ''
      ) : (
        <Text color={saving >= 0 ? 'green' : 'red'}>
          {' '}
          ({saving >= 0 ? `saved ${percent(saving)}` : `${percent(-saving)} more`})
        </Text>
      )}
      <Text color="gray">
        {' '}
        · {footer.calls} call{footer.calls === 1 ? '' : 's'}
      </Text>
    </Text>
  );
}

/** The regret guard's state when it stopped profit events, and the last compaction event. */
function FullDetail({ footer }: { footer: FooterState }) {
  const { pressure: report, lastCompaction } = footer;
  return (
    <>
      {report?.cost_guard.profit_events === 'stopped' ? (
        <Text wrap="truncate-end" color="yellow">
          profit events stopped: {report.cost_guard.cost_ratio}× unmanaged by the cache model; only the
          high-water mark compacts
        </Text>
      ) : null}
      <Text wrap="truncate-end" color="gray">
        {lastCompaction
          ? `last event: ${lastCompaction.event.kind} ${tokens(lastCompaction.event.tokensBefore)} → ${tokens(lastCompaction.event.tokensAfter)} tokens, ${count(lastCompaction.event.changed, 'block')}, at ${clock(lastCompaction.event.at)} (call ${lastCompaction.event.call}; ${lastCompaction.reason})`
          : 'no compaction yet'}
      </Text>
    </>
  );
}
