import type { ApprovalAnswer } from '../../agent/events.js';

/** One tool call as the transcript shows it. */
export interface ToolItem {
  kind: 'tool';
  id: number;
  callId: string;
  name: string;
  input: unknown;
  status: 'running' | 'ok' | 'error' | 'denied';
  output?: string;
  /** A diff (edit, write) or other display for the user. */
  display?: string;
  approval?: ApprovalAnswer;
  /** A copy printed in full (the expand key on a call already printed). */
  full?: boolean;
}

/** A table outcome of a slash command: header row first. */
export interface TableItem {
  kind: 'table';
  id: number;
  title: string;
  rows: string[][];
}

/** One entry of the transcript; ids are unique within a chat and keep React keys stable. */
export type TranscriptItem =
  | { kind: 'user'; id: number; text: string }
  | { kind: 'assistant'; id: number; text: string }
  | { kind: 'thinking'; id: number; text: string }
  | ToolItem
  | TableItem
  | { kind: 'notice'; id: number; tone: 'info' | 'warn' | 'error'; text: string };

/** Items without their id, as reducers create them before numbering. */
export type NewItem = TranscriptItem extends infer T
  ? T extends TranscriptItem
    ? Omit<T, 'id'>
    : never
  : never;
