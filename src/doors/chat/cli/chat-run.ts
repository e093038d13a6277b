import type { PrefixCheckSetting } from '../../../core/garden/constants.js';
import { existsSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import type { RunChatTui } from '../agent/controller.js';
import { createChatController } from '../agent/chat-controller.js';
import { chatMarks } from '../agent/cache-send.js';
import { resolveTarget } from '../../kit/scope.js';
import { openDoorStore } from '../../kit/store.js';
import { storeSpooledFirst } from '../../kit/spooled.js';
import { GardenerError } from '../../../errors.js';
import { createAnthropicProvider } from '../../kit/provider/anthropic.js';
import { resolveProviderConfig } from '../../kit/provider/config.js';
import { DEFAULT_CONTEXT_WINDOW, contextWindowOf } from '../../kit/provider/prices.js';
import { printCommand, printTurn, type OutputFormat } from './chat-print.js';
import { chooseSession, type SessionChoice } from './chat-session.js';
import { DEFAULT_BUDGET_SHARE } from './chat.js';
import type { CliIo } from '../../kit/cli/io.js';
import { importForTerminal } from '../../kit/cli/live-terminal.js';
import type { StoreFlags } from '../../kit/cli/store-options.js';

export interface ChatRun {
  prompt: string | undefined;
  print: boolean;
  yes: boolean;
  format: OutputFormat;
  model?: string;
  budget?: number;
  thinking?: number | 'adaptive';
  /** `--prefix-check` (GardenSettings.prefixCheck). */
  prefixCheck?: PrefixCheckSetting;
  session: SessionChoice;
  store: StoreFlags;
}

/** Opens the store and the session, then runs print mode or the TUI; closes both at the end. */
export async function runChat(io: CliIo, run: ChatRun): Promise<void> {
  const prompt =
    run.prompt ?? (run.print && !io.stdin.isTTY ? (await readAll(io.stdin)).trim() || undefined : undefined);
  if (run.print && prompt === undefined)
    throw new GardenerError('USAGE', 'print mode needs a prompt: gardener chat -p "…" (or on stdin)');
  if (!run.print && !(io.stdin.isTTY && io.stdout.isTTY))
    throw new GardenerError('USAGE', 'gardener chat needs a terminal; use -p "prompt" for scripts and pipes');
  const config = resolveProviderConfig(run.model !== undefined ? { model: run.model } : {}, io.env);
  const target = resolveTarget({ ...run.store, env: io.env, cwd: io.cwd, defaultSession: '' });
  const store = openDoorStore(target);
  try {
    // What Claude Code hooks spooled into this store is stored first, so the chat's recall sees it.
    await storeSpooledFirst(store, io.env);
    const named = run.store.session ?? io.env['GARDENER_SESSION'];
    const session = await chooseSession(io, store, target.scope.project, {
      ...run.session,
      ...(named ? { named: target.scope.session } : {}),
    });
    const open = () =>
      createChatController({
        store,
        project: target.scope.project,
        session,
        model: config.model,
        budget: run.budget ?? defaultBudget(config.model),
        override: {
          ...(run.model !== undefined || io.env['ANTHROPIC_MODEL'] ? { model: config.model } : {}),
          ...(run.budget !== undefined ? { budget: run.budget } : {}),
        },
        cwd: io.cwd,
        provider: createAnthropicProvider(config),
        marks: chatMarks,
        yes: run.yes,
        ...(run.thinking !== undefined ? { thinking: run.thinking } : {}),
        ...(run.prefixCheck !== undefined ? { garden: { prefixCheck: run.prefixCheck } } : {}),
      });
    // Print mode waits its turn on a session another chat has open; the TUI is told at once.
    const controller = run.print ? await openWhenFree(io, open) : open();
    try {
      if (run.print && prompt!.startsWith('/')) await printCommand(io, controller, prompt!, run.format);
      else if (run.print) await printWithInterrupt(io, controller, prompt!, run.format);
      else {
        const { runChatTui } = await importForTerminal(loadChatTui, io.stdout);
        await runChatTui({
          controller,
          setApprover: (approver) => controller.setApprover(approver),
          ...(prompt !== undefined ? { initialPrompt: prompt } : {}),
        });
      }
    } finally {
      await controller.close();
    }
  } finally {
    store.close();
  }
}

/** How long print mode waits for a session another chat has open, and how often it looks. */
const SESSION_WAIT_MS = 10 * 60_000;
const SESSION_POLL_MS = 100;

/** Opens the controller, waiting (up to SESSION_WAIT_MS, said once on stderr) while its session is busy. */
async function openWhenFree<T>(io: CliIo, open: () => T): Promise<T> {
  const until = Date.now() + SESSION_WAIT_MS;
  let told = false;
  for (;;) {
    try {
      return open();
    } catch (error) {
      if (!(error instanceof GardenerError) || error.code !== 'SESSION_BUSY' || Date.now() > until)
        throw error;
      if (!told)
        io.stderr.write(
          `gardener: ${error.message}; waiting for it (up to ${SESSION_WAIT_MS / 60_000} min)\n`,
        );
      told = true;
      await sleep(SESSION_POLL_MS);
    }
  }
}

/** Ctrl+C stops the turn (the transcript stays valid and stored) instead of killing the process. */
async function printWithInterrupt(
  io: CliIo,
  controller: Parameters<typeof printTurn>[1],
  prompt: string,
  format: OutputFormat,
): Promise<void> {
  const abort = new AbortController();
  const onSigint = () => abort.abort();
  process.once('SIGINT', onSigint);
  try {
    await printTurn(io, controller, prompt, format, abort.signal);
  } finally {
    process.removeListener('SIGINT', onSigint);
  }
}

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks).toString('utf8');
}

/** The bundled TUI when built (it loads in a quarter of the time), else its modules (running from src). */
async function loadChatTui(): Promise<{ runChatTui: RunChatTui }> {
  // React's development build renders several times slower; a chat streams dozens of frames a second.
  // React picks its build when it is first loaded (the bundle has production fixed in).
  process.env['NODE_ENV'] ??= 'production';
  const bundle = new URL('../tui/chat-tui.bundle.js', import.meta.url);
  if (existsSync(fileURLToPath(bundle))) return (await import(bundle.href)) as { runChatTui: RunChatTui };
  return import('../tui/run-chat.js');
}

/**
 * The chat's default budget: a share of the model's window, up to the standard window's share (a
 * model with a 1M window of its own keeps the standard default until its economics say otherwise).
 */
function defaultBudget(model: string): number {
  return Math.floor(Math.min(contextWindowOf(model), DEFAULT_CONTEXT_WINDOW) * DEFAULT_BUDGET_SHARE);
}
