import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Tokenizer } from '../../core/tokens/index.js';
import { fitSession, type FitOptions, type SessionFit } from './cache-fit.js';
import { usageCalls, type UsageCall } from './usage-calls.js';

/** Predicted against recorded cache reads and writes of one session, in tokens. */
export interface Agreement {
  label: string;
  calls: number;
  fit: Omit<SessionFit, 'calls'>;
  read: { predicted: number; recorded: number };
  written: { predicted: number; recorded: number };
}

/** The calls of one Claude Code log (a subagent's `agent-*.jsonl` as its own session). */
export function callsOfFile(file: string): UsageCall[] {
  const sidechain = path.basename(file).startsWith('agent-');
  return usageCalls(readFileSync(file, 'utf8'), { sidechain });
}

/** Replays one Claude Code log against its usage rows. */
export function agreementOfFile(
  file: string,
  tokenizer: Tokenizer,
  options: FitOptions,
): Agreement | undefined {
  return agreementOfCalls(file, callsOfFile(file), tokenizer, options);
}

/** Replays a session's calls against their usage rows; undefined for a log without calls. */
export function agreementOfCalls(
  label: string,
  calls: readonly UsageCall[],
  tokenizer: Tokenizer,
  options: FitOptions,
): Agreement | undefined {
  if (calls.length === 0) return undefined;
  const { calls: fitted, ...fit } = fitSession(calls, tokenizer, options);
  const agreement: Agreement = {
    label,
    calls: fitted.length,
    fit,
    read: { predicted: 0, recorded: 0 },
    written: { predicted: 0, recorded: 0 },
  };
  for (const call of fitted) {
    agreement.read.predicted += call.predicted.read;
    agreement.read.recorded += call.recorded.read;
    agreement.written.predicted += call.predicted.written5m + call.predicted.written1h;
    agreement.written.recorded += call.recorded.written;
  }
  return agreement;
}

/** Signed error of a prediction in percent of the recorded figure (0 when both are 0). */
export function errorPercent(figure: { predicted: number; recorded: number }): number {
  if (figure.recorded === 0) return figure.predicted === 0 ? 0 : 100;
  return ((figure.predicted - figure.recorded) / figure.recorded) * 100;
}

/** Sums of several sessions' figures. */
export function totalOf(agreements: readonly Agreement[]): Pick<Agreement, 'calls' | 'read' | 'written'> {
  const total = { calls: 0, read: { predicted: 0, recorded: 0 }, written: { predicted: 0, recorded: 0 } };
  for (const a of agreements) {
    total.calls += a.calls;
    total.read.predicted += a.read.predicted;
    total.read.recorded += a.read.recorded;
    total.written.predicted += a.written.predicted;
    total.written.recorded += a.written.recorded;
  }
  return total;
}

/** Median of the sessions' absolute errors on one figure, in percent. */
export function medianAbsError(agreements: readonly Agreement[], figure: 'read' | 'written'): number {
  const errors = agreements.map((a) => Math.abs(errorPercent(a[figure]))).sort((x, y) => x - y);
  if (errors.length === 0) return 0;
  const mid = Math.floor(errors.length / 2);
  return errors.length % 2 === 1
    ? (errors[mid] as number)
    : ((errors[mid - 1] as number) + (errors[mid] as number)) / 2;
}
