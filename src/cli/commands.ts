import { Help, type Command } from 'commander';
import type { CliIo } from '../doors/kit/cli/io.js';

/** One command as `gardener --help` lists it, and where its module is (loaded only to run it). */
export interface CommandEntry {
  name: string;
  /** What help lists after the name: the real command's options flag and arguments (commander's subcommandTerm). */
  term: string;
  description: string;
  load: () => Promise<(io: CliIo) => Command>;
  /** Holds a whole transcript in memory: the process keeps its heap close to what is live (cli/main.ts). */
  wholeTranscript?: true;
}

/**
 * Every command, in help order. The list is static so `gardener --help` and `gardener <command>`
 * load no other command's module (each pulls in its door); test/cli/commands.test.ts checks each
 * entry against the command its module makes.
 */
export const COMMANDS: readonly CommandEntry[] = [
  {
    name: 'chat',
    term: '[options] [prompt...]',
    description: 'A coding agent in the terminal, talking to the Anthropic Messages API through gardener',
    load: async () => (await import('../doors/chat/cli/chat.js')).makeChatCommand,
  },
  {
    name: 'compress',
    term: '[options] [file]',
    description: 'Compress a transcript (any importable format) and write it as an Anthropic request body',
    wholeTranscript: true,
    load: async () => (await import('../doors/batch/cli/compress.js')).makeCompressCommand,
  },
  {
    name: 'bench',
    term: '[options] [paths...]',
    description:
      'Replay recorded sessions call by call under several context strategies and report cost, size, fidelity and speed (docs/BENCH.md)',
    load: async () => (await import('../doors/bench/cli/bench.js')).makeBenchCommand,
  },
  {
    name: 'recall',
    term: '[options] <query...>',
    description: 'Search what gardener stored (originals, summaries, notes) in this project',
    load: async () => (await import('../doors/batch/cli/recall.js')).makeRecallCommand,
  },
  {
    name: 'show',
    term: '[options] <id>',
    description:
      'Print a stored entry (or note) by id: metadata, then the original as stored, with well-known secrets redacted',
    load: async () => (await import('../doors/batch/cli/show.js')).makeShowCommand,
  },
  {
    name: 'forget',
    term: '[options] <ids...>',
    description: 'Leave entries or notes out of recall from now on (they stay readable with show)',
    load: async () => (await import('../doors/batch/cli/forget.js')).makeForgetCommand,
  },
  {
    name: 'note',
    term: '[options] [text...]',
    description: 'Keep a curated note for this project (recall weights notes high); --list shows them',
    load: async () => (await import('../doors/batch/cli/note.js')).makeNoteCommand,
  },
  {
    name: 'stats',
    term: '[options]',
    description:
      'Entries and tokens (original → summary) by class, database size, and context_pressure() of a session',
    load: async () => (await import('../doors/batch/cli/stats.js')).makeStatsCommand,
  },
  {
    name: 'ingest',
    term: '[options] <file>',
    description:
      'Store every block of a transcript (any format) for recall: classified, summarised, originals kept',
    wholeTranscript: true,
    load: async () => (await import('../doors/batch/cli/ingest.js')).makeIngestCommand,
  },
  {
    name: 'proxy',
    term: '[options]',
    description: 'Serve the Messages API on loopback, gardening each request on its way to the upstream',
    load: async () => (await import('../doors/proxy/cli/proxy.js')).makeProxyCommand,
  },
  {
    name: 'run',
    term: '[options] <command> [args...]',
    description: 'Run a command (e.g. claude) with ANTHROPIC_BASE_URL pointed at a private gardener proxy',
    load: async () => (await import('../doors/proxy/cli/run.js')).makeRunCommand,
  },
  {
    name: 'statusline',
    term: '[options]',
    description: "One line of context pressure for Claude Code's statusLine (reads its JSON on stdin)",
    load: async () => (await import('../doors/claude-code/cli/statusline.js')).makeStatuslineCommand,
  },
  {
    name: 'mcp',
    term: '[options]',
    description:
      'Run the MCP server (stdio) that gives an agent recall, fetch, context_pressure, forget and note',
    load: async () => (await import('../doors/claude-code/cli/mcp.js')).makeMcpCommand,
  },
  {
    name: 'hook',
    term: '<event>',
    description:
      'Handle a Claude Code hook: reads its JSON on stdin, stores and answers; never fails the session',
    load: async () => (await import('../doors/claude-code/cli/hook.js')).makeHookCommand,
  },
  {
    name: 'install',
    term: '[options] <agent>',
    description: "Add gardener to an agent's settings (hooks and MCP server); shows the diff",
    load: async () => (await import('../doors/claude-code/cli/install.js')).makeInstallCommand,
  },
];

const COMMAND_BY_NAME = new Map(COMMANDS.map((entry) => [entry.name, entry]));

/** The command's line in `gardener --help`: from the table, so a command not loaded lists as it would loaded. */
export function commandTerm(command: Command): string {
  const entry = COMMAND_BY_NAME.get(command.name());
  return entry ? `${entry.name} ${entry.term}`.trimEnd() : new Help().subcommandTerm(command);
}
