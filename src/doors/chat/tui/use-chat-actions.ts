import { useApp } from 'ink';
import { useCallback, useMemo, useRef, type Dispatch } from 'react';
import type { ChatController, CommandOutcome } from '../agent/controller.js';
import type { ApprovalBridge } from './approval-bridge.js';
import { helpTable } from './help.js';
import type { ChatAction } from './state/chat.js';
import { initialFooter } from './state/footer.js';

/** Two Ctrl+C within this window quit even while a turn runs. */
export const QUIT_WINDOW_MS = 1500;

export interface ChatActions {
  runTurn(prompt: string): void;
  runCommand(line: string): void;
  /** Ctrl+C: interrupts a running turn; quits when idle or when pressed twice within the window. */
  interrupt(running: boolean): void;
  quit(): void;
}

/** The chat's side effects: running turns and commands against the controller, interrupting, quitting. */
export function useChatActions(
  controller: ChatController,
  bridge: ApprovalBridge,
  dispatch: Dispatch<ChatAction>,
  onReset: () => void,
): ChatActions {
  const { exit } = useApp();
  const abort = useRef<AbortController | null>(null);
  const lastInterrupt = useRef(0);
  const quitting = useRef(false);

  const quit = useCallback(() => {
    if (quitting.current) return;
    quitting.current = true;
    abort.current?.abort();
    bridge.cancel();
    controller.close().then(
      () => exit(),
      (error: unknown) => exit(error instanceof Error ? error : new Error(String(error))),
    );
  }, [bridge, controller, exit]);

  const runTurn = useCallback(
    (prompt: string) => {
      const turn = new AbortController();
      abort.current = turn;
      dispatch({ type: 'submit', text: prompt });
      void (async () => {
        let error: string | undefined;
        try {
          for await (const event of controller.run(prompt, turn.signal)) dispatch({ type: 'agent', event });
        } catch (e) {
          if (!turn.signal.aborted) error = e instanceof Error ? e.message : String(e);
        } finally {
          if (abort.current === turn) abort.current = null;
          dispatch({ type: 'turn_done', interrupted: turn.signal.aborted, ...(error ? { error } : {}) });
        }
      })();
    },
    [controller, dispatch],
  );

  const show = useCallback(
    (outcome: CommandOutcome) => {
      if (outcome.kind === 'exit') quit();
      else if (outcome.kind === 'reset') {
        onReset();
        dispatch({
          type: 'reset',
          history: controller.history(),
          footer: initialFooter(controller.pressure(), controller.cost()),
          text: outcome.text,
        });
      } else {
        dispatch({ type: 'outcome', outcome });
        // What a command changed (budget, forms, pins) shows in the footer now, not at the next call.
        dispatch({ type: 'agent', event: { type: 'pressure', pressure: controller.pressure() } });
      }
    },
    [controller, dispatch, onReset, quit],
  );

  const runCommand = useCallback(
    (line: string) => {
      dispatch({ type: 'command', line });
      if (/^\/help\b/.test(line)) {
        dispatch({ type: 'outcome', outcome: helpTable(controller.commands()) });
        return;
      }
      controller.command(line).then(show, (e: unknown) =>
        dispatch({
          type: 'outcome',
          outcome: { kind: 'error', text: e instanceof Error ? e.message : String(e) },
        }),
      );
    },
    [controller, dispatch, show],
  );

  const interrupt = useCallback(
    (running: boolean) => {
      const now = Date.now();
      const again = now - lastInterrupt.current < QUIT_WINDOW_MS;
      lastInterrupt.current = now;
      if (!running || again) return quit();
      abort.current?.abort();
      bridge.cancel();
      dispatch({ type: 'hint', text: 'interrupting… Ctrl+C again to quit' });
    },
    [bridge, dispatch, quit],
  );

  return useMemo(() => ({ runTurn, runCommand, interrupt, quit }), [runTurn, runCommand, interrupt, quit]);
}
