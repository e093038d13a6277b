import { useApp } from 'ink';
import { useCallback, useEffect, useMemo, useRef, type Dispatch, type MutableRefObject } from 'react';
import type { PressureReport } from '../../../core/garden/constants.js';
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

/** The running turn's abort handle, shared by the actions that start, interrupt and quit it. */
type TurnRef = MutableRefObject<AbortController | null>;

/** The chat's side effects: running turns and commands against the controller, interrupting, quitting. */
export function useChatActions(
  controller: ChatController,
  bridge: ApprovalBridge,
  dispatch: Dispatch<ChatAction>,
  onReset: () => void,
): ChatActions {
  const abort = useRef<AbortController | null>(null);
  const quit = useQuit(controller, bridge, abort);
  const runTurn = useCallback(
    (prompt: string) => playTurn(controller, dispatch, abort, prompt),
    [controller, dispatch],
  );
  const runCommand = useCallback(
    (line: string) => runCommandLine(controller, dispatch, { onReset, quit }, line),
    [controller, dispatch, onReset, quit],
  );
  const interrupt = useInterrupt(bridge, dispatch, abort, quit);
  return useMemo(() => ({ runTurn, runCommand, interrupt, quit }), [runTurn, runCommand, interrupt, quit]);
}

/**
 * A resumed session (`--continue`, `/resume`) opens with blocks not yet classified (`pending` in the
 * footer's legend); once they are stored the footer shows them by class.
 */
export function useSettledFooterAtStart(controller: ChatController, dispatch: Dispatch<ChatAction>): void {
  useEffect(() => {
    showSettledPressure(controller, dispatch);
  }, [controller, dispatch]);
}

/** Quits once: stops the turn, answers waiting approvals "no", closes the controller, then Ink. */
function useQuit(controller: ChatController, bridge: ApprovalBridge, abort: TurnRef): () => void {
  const { exit } = useApp();
  const quitting = useRef(false);
  return useCallback(() => {
    if (quitting.current) return;
    quitting.current = true;
    abort.current?.abort();
    bridge.cancel();
    controller.close().then(
      () => exit(),
      (error: unknown) => exit(error instanceof Error ? error : new Error(String(error))),
    );
  }, [abort, bridge, controller, exit]);
}

function useInterrupt(
  bridge: ApprovalBridge,
  dispatch: Dispatch<ChatAction>,
  abort: TurnRef,
  quit: () => void,
): (running: boolean) => void {
  const lastInterrupt = useRef(0);
  return useCallback(
    (running: boolean) => {
      const now = Date.now();
      const again = now - lastInterrupt.current < QUIT_WINDOW_MS;
      lastInterrupt.current = now;
      if (!running || again) return quit();
      abort.current?.abort();
      bridge.cancel();
      dispatch({ type: 'hint', text: 'interrupting… Ctrl+C again to quit' });
    },
    [abort, bridge, dispatch, quit],
  );
}

/** Runs one turn to its end, folding its events; the footer then shows the settled session. */
function playTurn(
  controller: ChatController,
  dispatch: Dispatch<ChatAction>,
  abort: TurnRef,
  prompt: string,
): void {
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
    // The last figures came with the request (new blocks still `pending`, an interrupted stream's
    // guess); once the blocks are stored, the footer shows the session as it now stands.
    showSettledPressure(controller, dispatch);
  })();
}

function runCommandLine(
  controller: ChatController,
  dispatch: Dispatch<ChatAction>,
  app: { onReset: () => void; quit: () => void },
  line: string,
): void {
  dispatch({ type: 'command', line });
  if (/^\/help\b/.test(line)) {
    dispatch({ type: 'outcome', outcome: helpTable(controller.commands()) });
    return;
  }
  controller.command(line).then(
    (outcome) => showOutcome(controller, dispatch, app, outcome),
    (e: unknown) =>
      dispatch({
        type: 'outcome',
        outcome: { kind: 'error', text: e instanceof Error ? e.message : String(e) },
      }),
  );
}

function showOutcome(
  controller: ChatController,
  dispatch: Dispatch<ChatAction>,
  app: { onReset: () => void; quit: () => void },
  outcome: CommandOutcome,
): void {
  if (outcome.kind === 'exit') return app.quit();
  if (outcome.kind === 'reset') {
    app.onReset();
    dispatch({
      type: 'reset',
      history: controller.history(),
      footer: initialFooter(controller.pressure(), controller.cost()),
      text: outcome.text,
    });
    showSettledPressure(controller, dispatch);
    return;
  }
  dispatch({ type: 'outcome', outcome });
  // What a command changed (budget, forms, pins) shows in the footer now, not at the next call;
  // then again once any block it brought in is stored.
  showPressure(dispatch, controller.pressure());
  showSettledPressure(controller, dispatch);
}

function showPressure(dispatch: Dispatch<ChatAction>, pressure: PressureReport): void {
  dispatch({ type: 'agent', event: { type: 'pressure', pressure } });
}

/** The footer's figures once the session's blocks are stored; a failure leaves the last ones shown. */
function showSettledPressure(controller: ChatController, dispatch: Dispatch<ChatAction>): void {
  controller.settledPressure().then(
    (pressure) => showPressure(dispatch, pressure),
    () => {},
  );
}
