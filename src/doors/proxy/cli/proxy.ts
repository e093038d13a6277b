import { Command, Option } from 'commander';
import { GardenerError } from '../../../errors.js';
import type { RequestRecord } from '../records.js';
import type { ProxyRuntime, ProxyRuntimeOptions } from '../runtime.js';
import type { CliIo } from '../../kit/cli/io.js';
import { importForTerminal } from '../../kit/cli/live-terminal.js';
import { addSharedOptions, intFlag, SHARED_OPTIONS } from '../../kit/cli/options.js';
import { jsonTerminalSafe } from '../../kit/terminal-safe.js';

/** Default upstream: the Messages API itself (the proxy's own ANTHROPIC_BASE_URL is never used: it may point at the proxy). */
export const DEFAULT_UPSTREAM = 'https://api.anthropic.com';
/**
 * Default budget: below where Claude Code compacts on its own in a 200k window (about 167k), so its
 * stall-and-summarise never has to fire; a 1M window client may pass a larger one.
 */
export const DEFAULT_PROXY_BUDGET = 160_000;

export interface ProxyFlags {
  port?: string;
  host?: string;
  upstream?: string;
  budget?: string;
  db?: string;
  project?: string;
  log?: 'json' | 'dashboard';
  prefixCheck?: string;
}

/** The flags `proxy` and `run` share. */
export function addProxyOptions(command: Command): Command {
  command.option('--upstream <url>', `Messages API to forward to (default ${DEFAULT_UPSTREAM})`);
  return addSharedOptions(command, {
    budget: { defaultText: String(DEFAULT_PROXY_BUDGET) },
    db: true,
    project: {
      about: 'project for every session',
      defaultText: "the client's working directory's repository",
    },
    prefixCheck: true,
  });
}

/** Runtime options from the shared flags; bad values are USAGE errors naming the flag. */
export async function runtimeOptions(
  io: CliIo,
  flags: ProxyFlags,
  listen: { host: string; port: number },
): Promise<Omit<ProxyRuntimeOptions, 'onRecord'>> {
  const { resolveDatabasePath } = await import('../../../core/store/index.js');
  const { isLoopback } = await import('../loopback.js');
  if (!isLoopback(listen.host))
    throw new GardenerError('USAGE', `--host must be a loopback address (got "${listen.host}")`, {
      hint: 'The proxy forwards your API key: it only listens on this machine (127.0.0.1, ::1, localhost).',
    });
  let upstream: URL;
  try {
    upstream = new URL(flags.upstream ?? DEFAULT_UPSTREAM);
  } catch {
    throw new GardenerError('USAGE', `--upstream must be a URL (got "${flags.upstream}")`);
  }
  if (upstream.protocol !== 'http:' && upstream.protocol !== 'https:')
    throw new GardenerError('USAGE', `--upstream must be an http or https URL (got "${upstream.href}")`);
  if (upstream.protocol === 'http:' && !isLoopback(upstream.hostname.replace(/^\[|\]$/g, '')))
    io.stderr.write(
      `gardener: warning: --upstream ${upstream.origin} is plain http to another machine: the API key ` +
        'and every request would travel unencrypted (use https)\n',
    );
  return {
    upstream,
    host: listen.host,
    port: listen.port,
    budget: flags.budget === undefined ? DEFAULT_PROXY_BUDGET : SHARED_OPTIONS.budget.parse(flags.budget),
    storePath: resolveDatabasePath({ ...(flags.db ? { db: flags.db } : {}), env: io.env, cwd: io.cwd }),
    cwd: io.cwd,
    ...(flags.project ? { project: flags.project } : {}),
    ...(flags.prefixCheck !== undefined
      ? { settings: { prefixCheck: SHARED_OPTIONS.prefixCheck.parse(flags.prefixCheck) } }
      : {}),
  };
}

/**
 * Resolves on the first SIGINT or SIGTERM (the proxy then closes and prints what it did) with a
 * function that stops listening. Until it is called, later signals are ignored: a second Ctrl-C, or
 * the same one relayed by a wrapper such as tsx, must not kill the proxy while it saves its gardens.
 */
export function untilStopped(): Promise<() => void> {
  return new Promise((resolve) => {
    let stopped = false;
    const release = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
    };
    const stop = () => {
      if (stopped) return;
      stopped = true;
      resolve(release);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}

/** `gardener proxy`: gardens every Messages API request that passes through it, on this machine only. */
export function makeProxyCommand(io: CliIo): Command {
  const command = new Command('proxy')
    .description('Serve the Messages API on loopback, gardening each request on its way to the upstream')
    .option('--port <n>', 'port to listen on (0: a free one, printed)', '0')
    .option('--host <address>', 'loopback address to listen on', '127.0.0.1')
    .addOption(
      new Option(
        '--log <format>',
        'json: one line per request (default when stdout is not a terminal)',
      ).choices(['json', 'dashboard']),
    );
  return addProxyOptions(command).action(async (flags: ProxyFlags) => {
    const options = await runtimeOptions(io, flags, {
      host: flags.host ?? '127.0.0.1',
      port: intFlag(flags.port ?? '0', '--port', 0, 65_535),
    });
    const { openProxy } = await import('../runtime.js');
    const { logLine, summaryLines } = await import('../report.js');
    const dashboard = (flags.log ?? (io.stdout.isTTY ? 'dashboard' : 'json')) === 'dashboard';
    const listeners = new Set<(record: RequestRecord) => void>();
    const runtime: ProxyRuntime = await openProxy({
      ...options,
      onRecord: (record) => {
        if (!dashboard) io.stdout.write(`${jsonTerminalSafe(logLine(record))}\n`);
        for (const listener of listeners) listener(record);
      },
    });
    const url = runtime.server.url;
    let unmount = () => {};
    if (dashboard) {
      const { renderDashboard } = await importForTerminal(() => import('../dashboard/render.js'), io.stdout);
      unmount = renderDashboard({
        url,
        upstream: options.upstream.origin,
        budget: options.budget,
        subscribe: (listener) => {
          listeners.add(listener);
          return () => listeners.delete(listener);
        },
      });
    } else {
      io.stderr.write(
        `gardener proxy listening on ${url} → ${options.upstream.origin} (budget ${options.budget})\n`,
      );
      io.stderr.write(`  ANTHROPIC_BASE_URL=${url}\n`);
    }
    const release = await untilStopped();
    unmount();
    await runtime.close();
    release();
    for (const line of summaryLines(runtime.tally())) io.stderr.write(`${line}\n`);
  });
}
