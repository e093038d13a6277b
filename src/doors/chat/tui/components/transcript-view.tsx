import { Box, Static } from 'ink';
import type { ReactNode } from 'react';
import type { SessionInfo } from '../../agent/controller.js';
import type { TranscriptState } from '../state/transcript.js';
import { Header } from './header.js';
import { TranscriptEntry } from './transcript-entry.js';

/** The session's header line, printed first. */
const HEADER = 'header' as const;

/**
 * Settled items go to Ink's <Static>, printed once and never redrawn (a long session stays cheap);
 * the live turn is redrawn as it streams. `epoch` remounts the printed part after a reset. Children
 * (the pager over a long command output) are drawn in place of the live turn.
 */
export function TranscriptView({
  info,
  transcript,
  expanded,
  showThinking,
  epoch,
  liveChars,
  liveRows,
  children,
}: {
  info: SessionInfo;
  transcript: TranscriptState;
  expanded: ReadonlySet<number>;
  showThinking: boolean;
  epoch: number;
  /** A line still streaming shows only its tail past this many characters; it prints whole once complete. */
  liveChars: number;
  /** Rows the live turn may take when it needs more than the screen leaves it: its newest rows show. */
  liveRows?: number;
  children?: ReactNode;
}) {
  return (
    <>
      <Static key={epoch} items={[HEADER, ...transcript.done]}>
        {(item) =>
          item === HEADER ? (
            <Header key="header" info={info} />
          ) : (
            <Box key={item.id} paddingX={1}>
              <TranscriptEntry item={item} expanded={false} showThinking={false} />
            </Box>
          )
        }
      </Static>
      {children ?? (
        <Box
          flexDirection="column"
          paddingX={1}
          {...(liveRows === undefined
            ? {}
            : { height: liveRows, overflowY: 'hidden', justifyContent: 'flex-end' })}
        >
          {/* Unshrunk, so a clipped area keeps its newest rows whole and drops the oldest. */}
          <Box flexDirection="column" flexShrink={0}>
            {transcript.live.map((item) => (
              <TranscriptEntry
                key={item.id}
                item={
                  item.kind === 'assistant' && item.text.length > liveChars ? tail(item, liveChars) : item
                }
                expanded={expanded.has(item.id)}
                showThinking={showThinking}
              />
            ))}
          </Box>
        </Box>
      )}
    </>
  );
}

/** The end of a long streaming text, so the redrawn area never outgrows the screen. */
function tail<T extends { text: string }>(item: T, chars: number): T {
  return { ...item, text: `…${item.text.slice(-chars)}` };
}
