import { Command } from 'commander';
import type { CliIo } from '../../kit/cli/io.js';

interface StatuslineFlags {
  db?: string;
}

/** The part of Claude Code's statusLine input gardener reads. */
interface StatusInput {
  session_id?: unknown;
  cwd?: unknown;
  workspace?: { current_dir?: unknown; project_dir?: unknown };
}

async function readAll(stream: CliIo['stdin']): Promise<string> {
  if (stream.isTTY) return '';
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * `gardener statusline`: for Claude Code's `statusLine` setting. Reads its JSON on stdin and prints
 * one line: the live pressure the proxy wrote for that session, else what the store holds for the
 * project. A status line must never fail: anything unreadable prints a short line and exits 0.
 */
export function makeStatuslineCommand(io: CliIo): Command {
  return new Command('statusline')
    .description("One line of context pressure for Claude Code's statusLine (reads its JSON on stdin)")
    .option(
      '--db <file>',
      'database file (default: $GARDENER_HOME/gardener.db, else ~/.local/share/gardener/gardener.db)',
    )
    .action(async (flags: StatuslineFlags) => {
      let input: StatusInput = {};
      try {
        input = JSON.parse((await readAll(io.stdin)) || '{}') as StatusInput;
      } catch {
        // Not JSON: show what can be shown without a session.
      }
      const { resolveDatabasePath } = await import('../../../core/store/index.js');
      const storePath = resolveDatabasePath({
        ...(flags.db ? { db: flags.db } : {}),
        env: io.env,
        cwd: io.cwd,
      });
      const session = typeof input.session_id === 'string' ? input.session_id : undefined;
      if (session) {
        const { readLive } = await import('../../kit/live.js');
        const figures = await readLive(storePath, session);
        if (figures) {
          const { statusText } = await import('../../kit/live.js');
          io.stdout.write(`${statusText(figures)}\n`);
          return;
        }
      }
      const cwd = [input.workspace?.project_dir, input.workspace?.current_dir, input.cwd].find(
        (v): v is string => typeof v === 'string' && v !== '',
      );
      io.stdout.write(`${await storedLine(storePath, cwd ?? io.cwd)}\n`);
    });
}

/** Without the proxy: what the store holds for the project (the plugin's hooks fill it). */
async function storedLine(storePath: string, cwd: string): Promise<string> {
  const { existsSync } = await import('node:fs');
  if (!existsSync(storePath)) return 'gardener: no store yet';
  const { openDoorStore } = await import('../../kit/store.js');
  const { resolveProject } = await import('../../../core/store/index.js');
  const { storedPressure } = await import('../../../core/garden/index.js');
  const { compact } = await import('../../../core/format/index.js');
  try {
    const store = openDoorStore({ path: storePath }, { readonly: true });
    try {
      const pressure = storedPressure(store.stats({ project: resolveProject({ cwd }) }));
      if (pressure.entries_tracked === 0) return 'gardener: nothing stored for this project';
      return `gardener: ${pressure.entries_tracked} stored · ${compact(pressure.total_original_tokens)}→${compact(pressure.total_summary_tokens)} tok summarised`;
    } finally {
      store.close();
    }
  } catch {
    return 'gardener: store unavailable';
  }
}
