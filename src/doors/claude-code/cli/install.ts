import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { homedir } from 'node:os';
import { Command } from 'commander';
import { GardenerError } from '../../../errors.js';
import type { CliIo } from '../../kit/cli/io.js';

interface InstallFlags {
  user?: boolean;
  project?: boolean;
  uninstall?: boolean;
  dryRun?: boolean;
}

/** bin/ of this installation: user settings name its programs by absolute path when PATH does not find them. */
function binDir(): string {
  return join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..', 'bin');
}

/** `gardener install claude-code`: hooks and MCP server into Claude Code's settings, for people who do not use plugins. */
export function makeInstallCommand(io: CliIo): Command {
  return new Command('install')
    .description("Add gardener to an agent's settings (hooks and MCP server); shows the diff")
    .argument('<agent>', 'claude-code')
    .option('--user', 'for every project: ~/.claude/settings.json and ~/.claude.json (default)')
    .option('--project', 'for this project only: .claude/settings.json and .mcp.json')
    .option('--uninstall', 'remove exactly what install added')
    .option('--dry-run', 'show the diff, write nothing')
    .addHelpText(
      'after',
      '\nThe plugin does the same from Claude Code: /plugin marketplace add <gardener repo>, /plugin install gardener@gardener\n',
    )
    .action(async (agent: string, flags: InstallFlags) => {
      if (agent !== 'claude-code')
        throw new GardenerError('USAGE', `unknown agent "${agent}"`, { hint: 'Supported: claude-code.' });
      if (flags.user && flags.project)
        throw new GardenerError('USAGE', 'choose --user or --project, not both');
      const { resolveDatabasePath, resolveProject } = await import('../../../core/store/index.js');
      const { installClaudeCode, uninstallClaudeCode } = await import('../install/run.js');
      const { createTwoFilesPatch } = await import('diff');
      const { commandName, onPath } = await import('../install/command-path.js');
      const bin = binDir();
      const scope = flags.project ? ('project' as const) : ('user' as const);
      // A project's settings are committed and shared: bare names, found on PATH when a hook runs.
      const named = (program: string) =>
        scope === 'project' ? program : commandName(program, bin, io.env['PATH']);
      const options = {
        scope,
        home: io.env['HOME'] || homedir(),
        project: resolveProject({ cwd: io.cwd }),
        dataDir: dirname(resolveDatabasePath({ env: io.env, cwd: io.cwd })),
        commands: {
          hook: named('gardener-hook'),
          mcp: { command: named('gardener'), args: ['mcp'] },
        },
        dryRun: flags.dryRun === true,
      };
      const changes = flags.uninstall ? uninstallClaudeCode(options) : installClaudeCode(options);
      for (const c of changes)
        io.stdout.write(
          createTwoFilesPatch(
            c.path,
            c.path,
            c.before ?? '',
            c.after ?? '',
            c.before === null ? '(new)' : '',
            c.after === null ? '(removed)' : '',
          ),
        );
      const verb = flags.uninstall ? 'removed from' : 'added to';
      io.stdout.write(
        changes.length === 0
          ? `nothing to change: gardener is ${flags.uninstall ? 'not' : 'already'} in the ${options.scope} settings\n`
          : `${flags.dryRun ? '(dry run) ' : ''}gardener ${verb} Claude Code's ${options.scope} settings (${changes.length} file${changes.length === 1 ? '' : 's'})${flags.uninstall || flags.dryRun ? '' : '; restart Claude Code to load it'}\n`,
      );
      const missing = ['gardener', 'gardener-hook'].filter((p) => !onPath(p, bin, io.env['PATH']));
      if (scope === 'project' && !flags.uninstall && missing.length > 0)
        io.stdout.write(
          `note: the project's settings name ${missing.join(' and ')} by bare name, and PATH here does not find them: ` +
            'put gardener on PATH (npm install -g <path to gardener>) wherever this project is used\n',
        );
    });
}
