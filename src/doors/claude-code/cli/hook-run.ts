import { REPLY_TIMEOUT_MS, sendToServer } from '../hooks/client.js';
import { isHookEvent } from '../hooks/payload.js';
import { FORWARDED_ENV, type HookMessage } from '../hooks/protocol.js';
import { spool } from '../hooks/spool.js';
import { resolveDatabasePath } from '../../../core/store/constants.js';
import { FIRST_SEND_MIN_TOKENS } from '../../../core/garden/constants.js';
import type { CliIo } from '../../kit/cli/io.js';

/**
 * One Claude Code hook: reads the hook JSON on stdin, hands it to a running gardener over its socket;
 * else a tool result is spooled for the next gardener with the engine loaded, and any other event
 * is handled in this process (loading the engine only then). What the handler prints goes
 * to stdout. Always resolves: a hook never fails the session (errors go to the gardener log).
 * Imports only what the socket path needs, so a hook costs little more than starting node.
 */
export async function runHookEvent(event: string, io: CliIo): Promise<void> {
  const input = await readAll(io.stdin);
  if (!isHookEvent(event)) {
    const { logProblem } = await import('../hooks/log.js');
    logProblem(
      resolveDatabasePath({ env: io.env, cwd: io.cwd }),
      'hook',
      `unknown hook event "${event}"; printed nothing`,
    );
    return;
  }
  const env: HookMessage['env'] = {};
  for (const key of FORWARDED_ENV) {
    const value = io.env[key];
    if (value) env[key] = value;
  }
  const message: HookMessage = {
    v: 1,
    event,
    db: resolveDatabasePath({ env: io.env, cwd: io.cwd }),
    cwd: io.cwd,
    env,
    input,
  };
  const stores = event === 'post-tool-use' || event === 'post-tool-use-failure';
  // A result this long may go to the model gardened (a token holds at least one character): its
  // hook waits for the engine's answer, from a server or in this process, and is never spooled.
  const answers = !stores || (event === 'post-tool-use' && input.length >= FIRST_SEND_MIN_TOKENS);
  let stdout: string | undefined;
  if (io.env['GARDENER_HOOK_SERVER'] !== '0') {
    const reply = await sendToServer(
      message,
      io.env,
      answers ? REPLY_TIMEOUT_MS.answer : REPLY_TIMEOUT_MS.store,
    );
    if (reply?.ok) stdout = reply.stdout;
  }
  // No server: a tool result waits in the spool for the next gardener with the engine loaded.
  if (stdout === undefined && !answers && io.env['GARDENER_HOOK_SPOOL'] !== '0' && spool(io.env, message))
    stdout = '';
  // A tool result stored here loads the engine's compressors; a hook that answers does not.
  if (stdout === undefined) {
    const request = { event, input, env: io.env, cwd: io.cwd };
    stdout = stores
      ? await (await import('../hooks/run.js')).runHook(request)
      : await (await import('../hooks/answer.js')).runAnswerHook(request);
  }
  if (stdout !== '') io.stdout.write(stdout.endsWith('\n') ? stdout : `${stdout}\n`);
}

async function readAll(stream: CliIo['stdin']): Promise<string> {
  if (stream.isTTY) return '';
  let text = '';
  stream.setEncoding('utf8');
  for await (const chunk of stream) text += chunk as string;
  return text;
}
