import type {
  Approver,
  ChatController,
  CommandOutcome,
  HistoryItem,
  SessionInfo,
} from '../../../../../src/doors/chat/agent/controller.js';
import type { AgentEvent, CostSoFar } from '../../../../../src/doors/chat/agent/events.js';
import type { PressureReport } from '../../../../../src/core/garden/plan/pressure.js';
import { pressureReport } from '../../../../support/pressure.js';

/** What a scripted turn may use: the run's signal, the approver the TUI set, a wait that ends on abort. */
export interface TurnContext {
  signal: AbortSignal;
  approve: Approver;
  /** Resolves when the test calls `release()`; rejects when the turn is aborted. */
  hold: () => Promise<void>;
}

export type ScriptedTurn = (context: TurnContext) => AsyncGenerator<AgentEvent>;

/**
 * A real ChatController for TUI tests: each `run` plays the next scripted turn, `command` answers
 * from a table; it records what the TUI asked of it.
 */
export interface ScriptedController extends ChatController {
  prompts: string[];
  commandLines: string[];
  aborted: string[];
  closed: boolean;
  setApprover: (approver: Approver) => void;
  /** Lets held turns go on. */
  release: () => void;
}

export interface ScriptOptions {
  turns?: ScriptedTurn[];
  commands?: Record<string, CommandOutcome>;
  history?: HistoryItem[];
  /** What history() returns after a reset outcome. */
  historyAfterReset?: HistoryItem[];
  pressure?: PressureReport;
  /** What pressure() returns after a reset outcome. */
  pressureAfterReset?: PressureReport;
  /** What pressure() returns after a command line (a /budget, /compact… that changed the session). */
  pressureAfterCommand?: Record<string, PressureReport>;
  /** What settledPressure() gives (and pressure() returns from then on): the session's blocks all classified. */
  pressureSettled?: PressureReport;
}

export function scriptedController(options: ScriptOptions = {}): ScriptedController {
  const turns = [...(options.turns ?? [])];
  let history = options.history ?? [];
  let pressure = options.pressure ?? pressureReport();
  let approver: Approver = () => Promise.resolve('no');
  let releases: (() => void)[] = [];
  const info: SessionInfo = {
    id: 's-1a2b',
    model: 'claude-sonnet-test',
    budget: 16_000,
    cwd: '/tmp/project',
  };
  const cost: CostSoFar = { usd: 0, unmanagedUsd: 0 };
  const controller: ScriptedController = {
    prompts: [],
    commandLines: [],
    aborted: [],
    closed: false,
    setApprover: (next) => (approver = next),
    release() {
      const waiting = releases;
      releases = [];
      for (const release of waiting) release();
    },
    info: () => info,
    async *run(prompt, signal) {
      controller.prompts.push(prompt);
      const turn = turns.shift();
      if (!turn) throw new Error(`no scripted turn left for ${JSON.stringify(prompt)}`);
      signal.addEventListener('abort', () => controller.aborted.push(prompt), { once: true });
      const hold = () =>
        new Promise<void>((resolve, reject) => {
          if (signal.aborted) return reject(new Error('aborted'));
          releases.push(resolve);
          signal.addEventListener('abort', () => reject(new Error('aborted')), { once: true });
        });
      yield* turn({ signal, approve: (request) => approver(request), hold });
    },
    command(line) {
      controller.commandLines.push(line);
      const outcome = options.commands?.[line] ?? { kind: 'error', text: `unknown command ${line}` };
      if (outcome.kind === 'reset') {
        history = options.historyAfterReset ?? [];
        pressure = options.pressureAfterReset ?? pressure;
      }
      pressure = options.pressureAfterCommand?.[line] ?? pressure;
      return Promise.resolve(outcome);
    },
    commands: () => [
      { name: 'pressure', args: '', help: 'the full breakdown' },
      { name: 'resume', args: '[id]', help: 'resume a session' },
    ],
    pressure: () => pressure,
    settledPressure() {
      pressure = options.pressureSettled ?? pressure;
      return Promise.resolve(pressure);
    },
    cost: () => cost,
    history: () => history,
    close() {
      controller.closed = true;
      return Promise.resolve();
    },
  };
  return controller;
}

/** A turn that yields these events, a macrotask apart as a stream's chunks arrive, and ends. */
export function turn(...events: AgentEvent[]): ScriptedTurn {
  return async function* () {
    for (const event of events) {
      await new Promise((resolve) => setImmediate(resolve));
      yield event;
    }
  };
}
