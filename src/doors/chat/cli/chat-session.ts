import { createInterface } from 'node:readline/promises';
import { listChats, loadChat, newSessionId } from '../agent/chat-sessions.js';
import { GardenerError } from '../../../errors.js';
import type { Store } from '../../../core/store/index.js';
import type { CliIo } from '../../kit/cli/io.js';

export interface SessionChoice {
  /** An explicit session name (`--session`, $GARDENER_SESSION). */
  named?: string;
  continue?: boolean;
  /** `--resume ID`, or true for `--resume` without an id (a picker). */
  resume?: string | true;
}

/** Which chat session to open: named, the latest (`--continue`), a resumed one, or a new one. */
export async function chooseSession(
  io: CliIo,
  store: Store,
  project: string,
  choice: SessionChoice,
): Promise<string> {
  if (choice.continue && choice.resume !== undefined)
    throw new GardenerError('USAGE', 'use --continue or --resume, not both');
  if (choice.continue) {
    const latest = listChats(store, project)[0];
    if (!latest)
      throw new GardenerError('USAGE', `no chat session to continue in project ${project}`, {
        hint: 'Start one with: gardener chat',
      });
    return latest.id;
  }
  if (typeof choice.resume === 'string') {
    if (!loadChat(store, { project, session: choice.resume }))
      throw new GardenerError('NOT_FOUND', `no chat session ${choice.resume} in project ${project}`, {
        hint: 'gardener chat --resume lists them.',
      });
    return choice.resume;
  }
  if (choice.resume === true) return pick(io, store, project);
  return choice.named ?? newSessionId();
}

/** Lists the project's sessions on stderr and reads a number from the terminal. */
async function pick(io: CliIo, store: Store, project: string): Promise<string> {
  const list = listChats(store, project).slice(0, 20);
  if (list.length === 0) throw new GardenerError('USAGE', `no chat sessions in project ${project}`);
  if (!io.stdin.isTTY) {
    const lines = list.map((l) => `  ${l.id}  ${l.title}`).join('\n');
    throw new GardenerError('USAGE', `--resume needs an id when not in a terminal; sessions:\n${lines}`);
  }
  list.forEach((l, i) =>
    io.stderr.write(
      `${String(i + 1).padStart(3)}. ${l.id}  ${new Date(l.updatedAt).toISOString().slice(0, 16).replace('T', ' ')}  ${l.title}\n`,
    ),
  );
  const rl = createInterface({
    input: io.stdin,
    output: io.stderr as NodeJS.WritableStream,
    terminal: false,
  });
  try {
    const answer = (await rl.question('resume which? ')).trim();
    const chosen = list[Number(answer) - 1] ?? list.find((l) => l.id === answer);
    if (!chosen) throw new GardenerError('USAGE', `no such choice: ${answer}`);
    return chosen.id;
  } finally {
    rl.close();
  }
}
