import { Text } from 'ink';
import { BREAKDOWN_ORDER } from '../../garden/types.js';

/** Characters of a full bar (the whole budget). */
export const BAR_WIDTH = 24;

const CLASS_COLORS: Record<string, string> = {
  prompt: 'green',
  error: 'red',
  code: 'blue',
  prose: 'white',
  structured: 'magenta',
  log: 'yellow',
  media: 'cyan',
  other: 'gray',
  pending: 'gray',
};

/** One segment per class, as long as its share of the budget; the rest of the budget dim. */
export function barSegments(
  byClass: Record<string, number>,
  budget: number,
  width = BAR_WIDTH,
): Array<{ cls: string; cells: number }> {
  const segments: Array<{ cls: string; cells: number }> = [];
  let used = 0;
  for (const cls of BREAKDOWN_ORDER) {
    const tokens = byClass[cls] ?? 0;
    if (tokens <= 0 || budget <= 0) continue;
    const cells = Math.min(width - used, Math.max(1, Math.round((tokens / budget) * width)));
    if (cells <= 0) break;
    segments.push({ cls, cells });
    used += cells;
  }
  return segments;
}

export function PressureBar(props: { byClass: Record<string, number>; budget: number }) {
  const segments = barSegments(props.byClass, props.budget);
  const used = segments.reduce((sum, s) => sum + s.cells, 0);
  return (
    <Text>
      {segments.map((s) => (
        <Text key={s.cls} color={CLASS_COLORS[s.cls] ?? 'white'}>
          {'█'.repeat(s.cells)}
        </Text>
      ))}
      <Text dimColor>{'░'.repeat(Math.max(0, BAR_WIDTH - used))}</Text>
    </Text>
  );
}
