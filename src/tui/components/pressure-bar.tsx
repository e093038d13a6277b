import { Text } from 'ink';
import type { PressureReport } from '../../garden/pressure.js';
import { barSegments } from '../bar.js';
import { CLASS_COLOURS } from '../theme.js';

/** The request against the budget, one coloured run of cells per class, the rest of the budget dim. */
export function PressureBar({ report, width }: { report: PressureReport; width: number }) {
  const segments = barSegments(report, width);
  const used = segments.reduce((a, s) => a + s.cells, 0);
  const over = report.pressure > 1;
  return (
    <Text>
      <Text color={over ? 'red' : 'gray'}>▕</Text>
      {segments.map((s) =>
        s.cells > 0 ? (
          <Text key={s.cls} color={CLASS_COLOURS[s.cls] ?? 'white'}>
            {'█'.repeat(s.cells)}
          </Text>
        ) : null,
      )}
      <Text color="gray">{'░'.repeat(Math.max(0, width - used))}</Text>
      <Text color={over ? 'red' : 'gray'}>▏</Text>
    </Text>
  );
}
