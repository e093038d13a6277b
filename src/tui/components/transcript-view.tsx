import { Box, Static } from 'ink';
import type { TranscriptState } from '../state/transcript.js';
import { TranscriptEntry } from './transcript-entry.js';

/**
 * Settled items go to Ink's <Static>, printed once and never redrawn (a long session stays cheap);
 * the live turn is redrawn as it streams. `epoch` remounts the printed part after a reset.
 */
export function TranscriptView({
  transcript,
  expanded,
  showThinking,
  epoch,
}: {
  transcript: TranscriptState;
  expanded: ReadonlySet<number>;
  showThinking: boolean;
  epoch: number;
}) {
  return (
    <>
      <Static key={epoch} items={transcript.done}>
        {(item) => (
          <Box key={item.id} paddingX={1}>
            <TranscriptEntry item={item} expanded={false} showThinking={false} />
          </Box>
        )}
      </Static>
      <Box flexDirection="column" paddingX={1}>
        {transcript.live.map((item) => (
          <TranscriptEntry key={item.id} item={item} expanded={expanded.has(item.id)} showThinking={showThinking} />
        ))}
      </Box>
    </>
  );
}
