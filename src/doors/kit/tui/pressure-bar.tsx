import { Text } from 'ink';
import type { PressureReport } from '../../../core/garden/constants.js';
import { barSegments, type BarSegment } from './bar.js';
import { CLASS_COLOURS } from './theme.js';

/** The request against the budget, one coloured run of cells per class, the rest of the budget dim. */
export function PressureBar({ report, width }: { report: PressureReport; width: number }) {
  const over = report.pressure > 1;
  return (
    <Text>
      <Text color={over ? 'red' : 'gray'}>▕</Text>
      <BarCells segments={barSegments(report, width)} width={width} />
      <Text color={over ? 'red' : 'gray'}>▏</Text>
    </Text>
  );
}

/** The cells of a bar: one coloured run per class, then the rest of `width` in grey. */
export function BarCells({ segments, width }: { segments: readonly BarSegment[]; width: number }) {
  const used = segments.reduce((a, s) => a + s.cells, 0);
  return (
    <Text>
      {segments.map((s) =>
        s.cells > 0 ? (
          <Text key={s.cls} color={CLASS_COLOURS[s.cls] ?? 'white'}>
            {'█'.repeat(s.cells)}
          </Text>
        ) : null,
      )}
      <Text color="gray">{'░'.repeat(Math.max(0, width - used))}</Text>
    </Text>
  );
}
