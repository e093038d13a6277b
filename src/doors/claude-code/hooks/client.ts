import { readdirSync, unlinkSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import type { HookMessage, HookReply } from './protocol.js';
import { isPrivateDir, socketDir, socketPrefix } from './socket-path.js';

/** How long a hook waits for a server's reply before doing the work itself. */
export const REPLY_TIMEOUT_MS = { store: 1_500, answer: 5_000 } as const;

/**
 * Hands a hook to a running gardener (the MCP server of this or another Claude Code session on the
 * same store). Tries each server socket of the store; removes sockets nobody listens on. Returns
 * undefined when no server took it, and the caller does the work in-process.
 */
export async function sendToServer(
  message: HookMessage,
  env: Record<string, string | undefined>,
  timeoutMs: number,
): Promise<HookReply | undefined> {
  const dir = socketDir(env);
  const prefix = socketPrefix(message.db);
  if (!isPrivateDir(dir)) return undefined;
  let names: string[];
  try {
    names = readdirSync(dir).filter((n) => n.startsWith(prefix) && n.endsWith('.sock'));
  } catch {
    return undefined;
  }
  for (const name of names) {
    const path = join(dir, name);
    const reply = await ask(path, message, timeoutMs);
    if (reply === 'dead') {
      try {
        unlinkSync(path);
      } catch {
        // another hook removed it first
      }
      continue;
    }
    if (reply !== undefined && reply.ok) return reply;
  }
  return undefined;
}

function ask(path: string, message: HookMessage, timeoutMs: number): Promise<HookReply | 'dead' | undefined> {
  return new Promise((resolve) => {
    let buffer = '';
    let settled = false;
    const done = (value: HookReply | 'dead' | undefined) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(value);
    };
    const socket = connect(path);
    const timer = setTimeout(() => done(undefined), timeoutMs);
    socket.setEncoding('utf8');
    socket.on('connect', () => socket.write(`${JSON.stringify(message)}\n`));
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      const end = buffer.indexOf('\n');
      if (end === -1) return;
      try {
        done(JSON.parse(buffer.slice(0, end)) as HookReply);
      } catch {
        done(undefined);
      }
    });
    socket.on('error', (error: NodeJS.ErrnoException) =>
      done(error.code === 'ECONNREFUSED' || error.code === 'ENOENT' ? 'dead' : undefined),
    );
    socket.on('close', () => done(undefined));
  });
}
