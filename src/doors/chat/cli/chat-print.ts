import type { ChatController } from '../agent/controller.js';
import type { AgentEvent, ProviderUsage } from '../agent/events.js';
import { GardenerError, type ErrorCode } from '../../../errors.js';
import { textTable } from '../../../core/format/index.js';
import type { CliIo } from '../../kit/cli/io.js';
import { jsonTerminalSafe, terminalSafe } from '../../kit/terminal-safe.js';
import { retryNotice, silentNotice } from '../../kit/provider/notices.js';

export const OUTPUT_FORMATS = ['text', 'json', 'stream-json'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

/** Events left out of `--output-format json` (the answer holds the text; pressure is given at the end). */
const STREAM_ONLY = new Set<AgentEvent['type']>(['text_delta', 'thinking_delta', 'pressure']);

const KNOWN_CODES = new Set<string>([
  'PROVIDER',
  'PROVIDER_OVERFLOW',
  'BUDGET_IMPOSSIBLE',
  'USAGE',
  'STORE_UNAVAILABLE',
  'INTERNAL',
]);

/**
 * Print mode: one turn to its end without a TUI. text: the final answer on stdout (notes on
 * stderr); json: one object at the end; stream-json: each event as one JSON line as it happens.
 * A turn that ends in an error throws it (after the output), so the exit code says so.
 */
export async function printTurn(
  io: CliIo,
  controller: ChatController,
  prompt: string,
  format: OutputFormat,
  signal: AbortSignal,
): Promise<void> {
  const kept: AgentEvent[] = [];
  const usage: ProviderUsage = { input: 0, cacheRead: 0, cacheWrite: 0, output: 0 };
  let end: Extract<AgentEvent, { type: 'turn_end' }> | undefined;
  const errors: Extract<AgentEvent, { type: 'error' }>[] = [];
  for await (const event of controller.run(prompt, signal)) {
    if (format === 'stream-json') io.stdout.write(jsonTerminalSafe(`${JSON.stringify(event)}\n`));
    if (format === 'json' && !STREAM_ONLY.has(event.type)) kept.push(event);
    if (event.type === 'usage')
      for (const key of Object.keys(usage) as (keyof ProviderUsage)[]) usage[key] += event.usage[key];
    if (event.type === 'error') errors.push(event);
    // A silent provider or a retry is said as it happens: the answer may be minutes away.
    if (format === 'text' && event.type === 'silent') io.stderr.write(`gardener: ${silentNotice(event)}\n`);
    if (format === 'text' && event.type === 'retry') io.stderr.write(`gardener: ${retryNotice(event)}\n`);
    if (event.type === 'approval' && event.answer === 'no' && format === 'text')
      io.stderr.write(
        terminalSafe(
          `gardener: refused ${event.request.summary} (pass --yes to allow tools in print mode)\n`,
        ),
      );
    if (event.type === 'turn_end') end = event;
  }
  const failed = end?.stopReason === 'error';
  const lastError = failed ? errors.at(-1) : undefined;
  if (format === 'text')
    for (const error of failed ? errors.slice(0, -1) : errors)
      io.stderr.write(terminalSafe(`gardener: ${error.message}\n`));
  const answer = end?.answer ?? '';
  // The answer can quote what a tool read: control sequences in it are shown, not sent.
  if (format === 'text' && answer !== '')
    io.stdout.write(terminalSafe(answer.endsWith('\n') ? answer : `${answer}\n`));
  if (format === 'json') {
    const info = controller.info();
    const result = {
      session: info.id,
      model: info.model,
      answer,
      stop_reason: end?.stopReason ?? 'none',
      usage,
      cost: controller.cost(),
      pressure: controller.pressure(),
      events: kept,
    };
    io.stdout.write(jsonTerminalSafe(`${JSON.stringify(result, null, 2)}\n`));
  }
  if (failed) {
    const code =
      lastError?.code && KNOWN_CODES.has(lastError.code) ? (lastError.code as ErrorCode) : 'PROVIDER';
    throw new GardenerError(code, lastError?.message ?? 'the turn failed');
  }
  if (end?.stopReason === 'interrupted') throw new GardenerError('INTERNAL', 'interrupted');
}

/** A slash command in print mode (`gardener chat -p /pressure --continue`): its outcome on stdout. */
export async function printCommand(
  io: CliIo,
  controller: ChatController,
  line: string,
  format: OutputFormat,
): Promise<void> {
  const outcome = await controller.command(line);
  if (outcome.kind === 'error') throw new GardenerError('USAGE', outcome.text);
  if (format !== 'text') {
    io.stdout.write(jsonTerminalSafe(`${JSON.stringify(outcome)}\n`));
    return;
  }
  switch (outcome.kind) {
    case 'text':
    case 'reset':
      io.stdout.write(terminalSafe(`${outcome.text}\n`));
      return;
    case 'table':
      io.stdout.write(
        terminalSafe(`${outcome.title}\n${textTable(outcome.rows[0] ?? [], outcome.rows.slice(1))}\n`),
      );
      return;
    case 'pick':
      io.stdout.write(
        terminalSafe(`${outcome.items.map((item) => `${item.label}\n  ${item.command}`).join('\n')}\n`),
      );
      return;
    case 'exit':
      return;
  }
}
