import type { PressureReport } from '../../../core/garden/constants.js';
import type { GardenEvent } from '../../../core/garden/constants.js';
import type { ProviderEvent, ProviderUsage } from '../../kit/provider/types.js';

/**
 * What the agent loop reports, one typed event at a time; it knows no UI. The TUI folds these into
 * its state with plain reducers; print mode writes them as text, JSON or stream-json.
 */

/** Token counts of one provider call (the kit's usage type, passed on with its events). */
export type { ProviderUsage };

/** Money so far, in US dollars: as gardened, and what the same calls would have cost unmanaged. */
export interface CostSoFar {
  usd: number;
  unmanagedUsd: number;
}

/** A tool call waiting for the user's decision (mutating tools and bash, unless `--yes`). */
export interface ApprovalRequest {
  id: string;
  name: string;
  input: unknown;
  /** One line saying what the call will do (a command, a path, a diff's first line). */
  summary: string;
  /** A unified diff when the call edits or writes a file. */
  diff?: string;
}

export type ApprovalAnswer = 'once' | 'always' | 'no';

/**
 * The provider's events (src/doors/kit/provider/types.ts) and the agent's own, one union: the
 * provider's pass through the loop as they are (it passes on those the chat shows: text, thinking,
 * retries), the agent adds tool rounds, approvals, pressure, compactions, cost and the turn's end.
 */
export type AgentEvent = ProviderEvent | AgentOwnEvent;

type AgentOwnEvent =
  /** A provider call starts: the pressure of the gardened request it sends. */
  | { type: 'request'; call: number; pressure: PressureReport }
  | { type: 'tool_call'; id: string; name: string; input: unknown }
  | { type: 'approval'; request: ApprovalRequest; answer: ApprovalAnswer }
  | {
      type: 'tool_result';
      id: string;
      name: string;
      /** What goes back to the model. */
      output: string;
      isError: boolean;
      /** A diff or other display for the user only. */
      display?: string;
    }
  /** Pressure changed (after a request, as output streams, after settling). */
  | { type: 'pressure'; pressure: PressureReport }
  /** The engine made a compaction event (pressure, forced by overflow or /compact, recall, forget…). */
  | { type: 'compaction'; event: GardenEvent; reason: string }
  /** One call answered: its usage as billed, and the session's cost so far. */
  | { type: 'usage'; usage: ProviderUsage; cost: CostSoFar }
  | { type: 'error'; message: string; code?: string }
  | { type: 'turn_end'; stopReason: string; answer: string };
