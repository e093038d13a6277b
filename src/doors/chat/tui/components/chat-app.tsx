import { Box, Text } from 'ink';
import { useEffect, useReducer, useRef } from 'react';
import type { ChatController } from '../../agent/controller.js';
import type { ApprovalBridge } from '../approval-bridge.js';
import { chatReducer, initialChat } from '../state/chat.js';
import { initialFooter } from '../state/footer.js';
import { useChatActions, useSettledFooterAtStart } from '../use-chat-actions.js';
import { useChatKeys } from '../use-chat-keys.js';
import { liveLayout } from '../layout.js';
import { useRedrawOnResize, useTerminalSize } from '../use-terminal-size.js';
import { useEditor } from '../use-editor.js';
import { ApprovalPrompt } from './approval-prompt.js';
import { Footer } from './footer.js';
import { InputBox } from './input-box.js';
import { PagerView } from './pager-view.js';
import { PickList } from './pick-list.js';
import { TranscriptView } from './transcript-view.js';

export interface ChatAppProps {
  controller: ChatController;
  bridge: ApprovalBridge;
  initialPrompt?: string;
  /** Clears what the terminal already shows, before the transcript is drawn again (from history, or at a new size). */
  onReset?: () => void;
}

const noop = () => {};
/** A streaming line is cut to its tail past the characters of this many screen rows, at least. */
const MIN_LIVE_ROWS = 4;

/** The chat: header, transcript, the approval or pick list when one is open, the prompt, the footer. */
export function ChatApp({ controller, bridge, initialPrompt, onReset = noop }: ChatAppProps) {
  const [state, dispatch] = useReducer(chatReducer, undefined, () =>
    initialChat(initialFooter(controller.pressure(), controller.cost()), controller.history()),
  );
  const editor = useEditor();
  const actions = useChatActions(controller, bridge, dispatch, onReset);
  useSettledFooterAtStart(controller, dispatch);
  const { columns, rows } = useTerminalSize();
  const layout = liveLayout(state, editor.state, columns, rows);
  useChatKeys(state, layout.page, { editor, dispatch, actions, bridge });
  // A terminal reflows what Ink drew at the old width, which Ink cannot erase: clear, print again.
  useRedrawOnResize(columns, rows, () => {
    onReset();
    dispatch({ type: 'redraw' });
  });

  useEffect(() => bridge.listen((request) => dispatch({ type: 'approval', request })), [bridge]);
  const started = useRef(false);
  useEffect(() => {
    if (started.current || !initialPrompt?.trim()) return;
    started.current = true;
    actions.runTurn(initialPrompt);
  }, [actions, initialPrompt]);

  return (
    <Box flexDirection="column">
      <TranscriptView
        info={controller.info()}
        transcript={state.transcript}
        expanded={state.expanded}
        showThinking={state.showThinking}
        epoch={state.epoch}
        liveChars={Math.max(MIN_LIVE_ROWS, layout.transcriptRows) * Math.max(1, columns - 2)}
        {...(layout.clipped ? { liveRows: layout.transcriptRows } : {})}
      >
        {layout.page ? <PagerView page={layout.page} /> : null}
      </TranscriptView>
      {state.approval ? (
        <ApprovalPrompt request={state.approval} diffLines={layout.approvalDiffLines} />
      ) : null}
      {state.pick ? <PickList pick={state.pick} /> : null}
      <Box marginTop={1} flexDirection="column">
        <InputBox input={editor.state} busy={state.running} />
        <Box paddingX={1}>
          <Text color="gray" wrap="truncate-end">
            {state.hint ??
              (layout.page
                ? 'the output above is longer than the screen: q or Esc closes it into the transcript'
                : state.running
                  ? 'working… Ctrl+C interrupts'
                  : 'Enter send · Ctrl+J newline · /help')}
          </Text>
        </Box>
      </Box>
      <Footer footer={state.footer} columns={columns} detail={layout.footer} />
    </Box>
  );
}
