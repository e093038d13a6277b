import { unlinkSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { dirname } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { isBusyError } from '../../../core/store/index.js';
import type { GardenerStore, Scope } from '../../../core/store/index.js';
import { FIRST_SEND_MIN_TOKENS } from '../../../core/garden/constants.js';
import { logProblem } from './log.js';
import type { HookMessage, HookReply } from './protocol.js';
import { drainSpooled, handleMessage } from './run.js';
import { ensurePrivateDir, socketPath } from './socket-path.js';
import { GardenerError } from '../../../errors.js';

/** A store busy with another process's write: retried after this pause, doubling, this many times. */
const BUSY_PAUSE_MS = 20;
const BUSY_ATTEMPTS = 6;
/** A hook message longer than this is refused (the hook then stores it itself). */
const MAX_MESSAGE_CHARS = 64 * 1024 * 1024;

export interface HookServerOptions {
  store: GardenerStore;
  env: Record<string, string | undefined>;
  /** Told the scope of each hook handled (the MCP server follows the session of its project). */
  onScope?: (scope: Scope) => void;
  pid?: number;
}

export interface HookServer {
  readonly path: string;
  /** Resolves when every queued hook is handled. */
  idle(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The hook server a long-lived gardener (the MCP server) runs, so a hook process only reads its
 * stdin and writes one line to a socket: the store, tokenizer and compressors stay warm here.
 * Short tool results are acknowledged at once and stored in order behind the reply; long ones (which
 * may go to the model gardened) and the other events wait their turn and answer with what the hook prints.
 */
export async function startHookServer(options: HookServerOptions): Promise<HookServer> {
  const path = socketPath(options.env, options.store.path, options.pid ?? process.pid);
  if (!ensurePrivateDir(dirname(path)))
    throw new GardenerError(
      'STORE_UNAVAILABLE',
      `${dirname(path)} is not a private folder (mode 0700, owned by this user)`,
      {
        hint: 'Remove it or set XDG_RUNTIME_DIR; hooks then run in their own processes.',
      },
    );
  try {
    unlinkSync(path);
  } catch {
    // no stale socket
  }
  let queue: Promise<void> = Promise.resolve();
  const enqueue = <T>(work: () => T): Promise<T> => {
    const run = queue.then(() => withBusyRetry(work));
    queue = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  };

  const handle = async (message: HookMessage): Promise<HookReply> => {
    if (message.v !== 1 || message.db !== options.store.path) return { ok: false, reason: 'another store' };
    const work = (): string => {
      drainSpooled(options.store, options.env);
      return handleMessage(options.store, message, options.env, options.onScope);
    };
    // A short tool result is acknowledged at once and stored behind the reply; a long one may go to
    // the model gardened, so its hook waits for what the engine prints (hook-run.ts).
    const long = message.event === 'post-tool-use' && message.input.length >= FIRST_SEND_MIN_TOKENS;
    if (!long && (message.event === 'post-tool-use' || message.event === 'post-tool-use-failure')) {
      enqueue(work).catch((error: unknown) =>
        logProblem(options.store.path, `hook ${message.event}`, 'storing a tool result failed', error),
      );
      return { ok: true, stdout: '' };
    }
    try {
      return { ok: true, stdout: await enqueue(work) };
    } catch (error) {
      return { ok: false, reason: String(error) };
    }
  };

  // Results hooks spooled while no server ran.
  void enqueue(() => drainSpooled(options.store, options.env));
  const server = createServer((socket) => serve(socket, handle));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(path, () => resolve());
  });
  return {
    path,
    idle: () => queue,
    close: () => closeServer(server, path, () => queue),
  };
}

function serve(socket: Socket, handle: (message: HookMessage) => Promise<HookReply>): void {
  let buffer = '';
  socket.setEncoding('utf8');
  socket.on('error', () => socket.destroy());
  socket.on('data', (chunk: string) => {
    buffer += chunk;
    if (buffer.length > MAX_MESSAGE_CHARS) {
      socket.end(`${JSON.stringify({ ok: false, reason: 'too large' })}\n`);
      return;
    }
    const end = buffer.indexOf('\n');
    if (end === -1) return;
    let message: HookMessage;
    try {
      message = JSON.parse(buffer.slice(0, end)) as HookMessage;
    } catch {
      socket.end(`${JSON.stringify({ ok: false, reason: 'bad message' })}\n`);
      return;
    }
    void handle(message).then((reply) => socket.end(`${JSON.stringify(reply)}\n`));
  });
}

async function withBusyRetry<T>(work: () => T): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return work();
    } catch (error) {
      if (!isBusyError(error) || attempt >= BUSY_ATTEMPTS) throw error;
      await sleep(BUSY_PAUSE_MS * 2 ** attempt);
    }
  }
}

async function closeServer(server: Server, path: string, idle: () => Promise<void>): Promise<void> {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await idle();
  try {
    unlinkSync(path);
  } catch {
    // already gone
  }
}
