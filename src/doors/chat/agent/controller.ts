import type { PressureReport } from '../../../core/garden/constants.js';
import type { AgentEvent, ApprovalAnswer, ApprovalRequest, CostSoFar } from './events.js';

/**
 * The seam between the chat's agent (src/doors/chat/agent) and its Ink TUI (src/doors/chat/tui): the TUI drives a
 * controller and folds the events it yields; it never touches the provider or the engine.
 */

/** What a slash command gives back for the TUI to show. */
export type CommandOutcome =
  | { kind: 'text'; text: string }
  /** A table: header row first; numbers right-aligned by the renderer. */
  | { kind: 'table'; title: string; rows: string[][] }
  /** A list to pick from (`/resume` without an id): the TUI calls `command(item.command)` on choice. */
  | { kind: 'pick'; title: string; items: { label: string; command: string }[] }
  /** The transcript was cleared or another session resumed: the TUI redraws from `history()`. */
  | { kind: 'reset'; text: string }
  | { kind: 'exit' }
  | { kind: 'error'; text: string };

/** What the TUI shows of past turns (after `/resume` or `--continue`). */
export interface HistoryItem {
  role: 'user' | 'assistant' | 'tool';
  text: string;
  /** Tool name, for a tool line. */
  tool?: string;
  /** A tool line's input (paths, commands: what its summary line names). */
  input?: unknown;
  /** A tool line whose result was an error. */
  isError?: boolean;
}

export interface SessionInfo {
  id: string;
  model: string;
  budget: number;
  cwd: string;
}

export interface ChatController {
  info(): SessionInfo;
  /** One user turn, to its end: model calls and tool calls until the model stops. Abort interrupts it. */
  run(prompt: string, signal: AbortSignal): AsyncGenerator<AgentEvent>;
  /** A slash command line, e.g. `/recall vat test` (the leading slash included). */
  command(line: string): Promise<CommandOutcome>;
  /** The command names with one-line help, for `/help` and completion. */
  commands(): { name: string; args: string; help: string }[];
  pressure(): PressureReport;
  /**
   * The pressure once the blocks sent so far are classified and stored (none left `pending`): what
   * the footer shows when a turn is over, interrupted or not.
   */
  settledPressure(): Promise<PressureReport>;
  cost(): CostSoFar;
  history(): HistoryItem[];
  /** Saves the session and releases the store. */
  close(): Promise<void>;
}

/** How the controller asks the user before a mutating tool or bash runs (the TUI shows a prompt). */
export type Approver = (request: ApprovalRequest) => Promise<ApprovalAnswer>;

export interface ChatTuiOptions {
  controller: ChatController;
  /** The TUI's answer to approval requests is wired here by the CLI: set before the first run. */
  setApprover(approver: Approver): void;
  /** Prompt to run as soon as the TUI is up (`gardener chat "prompt"`). */
  initialPrompt?: string;
}

/** Renders the chat TUI until the user quits; resolves then (src/doors/chat/tui/run-chat.ts implements it). */
export type RunChatTui = (options: ChatTuiOptions) => Promise<void>;
