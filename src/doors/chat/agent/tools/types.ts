import type { z } from 'zod';
import type { DoorSession } from '../../../kit/session.js';
import type { GardenEvent } from '../../../../core/garden/constants.js';

/** What a tool may use: the working directory it is scoped to, the session's engine, an interrupt. */
export interface ToolContext {
  cwd: string;
  signal: AbortSignal;
  session: DoorSession;
}

/** What a tool gives back: `output` goes to the model; `display` is for the user only. */
export interface ToolOutput {
  output: string;
  isError: boolean;
  display?: string;
  /** A compaction event the call made (fetch into context, forget). */
  event?: GardenEvent;
}

/** What the user sees before approving a call: one line, and a diff for file changes. */
export interface ToolPreview {
  summary: string;
  diff?: string;
}

export interface AgentTool<I = unknown> {
  name: string;
  description: string;
  /** Validates the model's input; its JSON schema is what the API sees. */
  input: z.ZodType<I>;
  /** Asks the Approver before running (writes, edits, bash). */
  mutating: boolean;
  preview(input: I, context: ToolContext): ToolPreview | Promise<ToolPreview>;
  run(input: I, context: ToolContext): ToolOutput | Promise<ToolOutput>;
}

/** A tool with its input type erased, as the registry holds it. */
export type AnyTool = AgentTool<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export function ok(output: string, display?: string): ToolOutput {
  return display === undefined ? { output, isError: false } : { output, isError: false, display };
}

export function fail(output: string): ToolOutput {
  return { output, isError: true };
}
