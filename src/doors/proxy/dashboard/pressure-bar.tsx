import { shareSegments } from '../../kit/tui/bar.js';
import { BarCells } from '../../kit/tui/pressure-bar.js';

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
  return <BarCells segments={segments} width={BAR_WIDTH} />;
}
