import { Box, Text } from 'ink';
import type { PressureReport } from '../../../../core/garden/constants.js';
import { barSegments } from '../../../kit/tui/bar.js';
import { tokens } from '../format.js';
import { CLASS_COLOURS } from '../../../kit/tui/theme.js';

const LABELS: Readonly<Record<string, string>> = { fixed: 'sys+tools' };

/** Cells between two items of the legend. */
export const LEGEND_GAP = 2;

/** The legend's items as text: "■ code 3.1k", one per class present. */
export function legendItems(report: PressureReport): string[] {
  return barSegments(report, 1).map((s) => `■ ${LABELS[s.cls] ?? s.cls} ${tokens(s.tokens)}`);
}

/** The bar's legend: each class present, in its colour, with its tokens. */
export function ClassLegend({ report }: { report: PressureReport }) {
  const segments = barSegments(report, 1);
  return (
    <Box flexWrap="wrap" columnGap={LEGEND_GAP}>
      {segments.map((s) => (
        <Text key={s.cls}>
          <Text color={CLASS_COLOURS[s.cls] ?? 'white'}>■</Text> {LABELS[s.cls] ?? s.cls} {tokens(s.tokens)}
        </Text>
      ))}
    </Box>
  );
}
