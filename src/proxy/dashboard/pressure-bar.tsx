import { Text } from 'ink';
import { shareSegments } from '../../tui/bar.js';
import { CLASS_COLOURS } from '../../tui/theme.js';

/** Characters of a full bar (the whole budget). */
export const BAR_WIDTH = 24;

/**
 * The latest request of a conversation against the budget, as the chat's footer draws it: the fixed
 * prefix (system and tools) and each class as long as its share, scaled to `total` (the count the
 * percentage beside it uses); the rest of the budget dim.
 */
export function PressureBar(props: { byClass: Record<string, number>; total: number; budget: number }) {
  const segments = shareSegments(
    new Map(Object.entries(props.byClass)),
    props.total,
    props.budget,
    BAR_WIDTH,
  );
  const used = segments.reduce((sum, s) => sum + s.cells, 0);
  return (
    <Text>
      {segments.map((s) =>
        s.cells > 0 ? (
          <Text key={s.cls} color={CLASS_COLOURS[s.cls] ?? 'white'}>
            {'█'.repeat(s.cells)}
          </Text>
        ) : null,
      )}
      <Text dimColor>{'░'.repeat(Math.max(0, BAR_WIDTH - used))}</Text>
    </Text>
  );
}
