import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * A second real client for end-to-end tests: opencode (npm `opencode-ai`, its binary ships in the
 * package), offline. CI installs it (.ci/install-peers) and sets `GARDENER_OPENCODE_BIN`; the path
 * below is only a fallback for a machine set up by hand. Tests skip with a message when it is absent.
 */
export const OPENCODE_BIN =
  process.env['GARDENER_OPENCODE_BIN'] ?? '/work/peers/opencode/node_modules/.bin/opencode';

export const opencodePresent = existsSync(OPENCODE_BIN);

export interface OpencodeRun {
  exitCode: number | null;
  stdout: string;
  stderr: string;
}

/**
 * `opencode run PROMPT` in `cwd` against `baseURL` (an Anthropic Messages API: the fake, or a proxy in
 * front of it), with a throwaway HOME and a config whose `anthropic` provider points there and declares
 * the model. No network: models are not fetched and nothing updates.
 */
export async function runOpencode(options: {
  cwd: string;
  home: string;
  baseURL: string;
  model: string;
  prompt: string;
  timeoutMs?: number;
}): Promise<OpencodeRun> {
  mkdirSync(join(options.home, '.config', 'opencode'), { recursive: true });
  const config = {
    $schema: 'https://opencode.ai/config.json',
    provider: {
      anthropic: {
        options: { baseURL: `${options.baseURL}/v1`, apiKey: 'dummy' },
        models: { [options.model]: { name: options.model } },
      },
    },
    model: `anthropic/${options.model}`,
    // Titles are asked of a small model the fake would answer with the main script's steps.
    small_model: `anthropic/${options.model}`,
  };
  writeFileSync(join(options.cwd, 'opencode.json'), JSON.stringify(config, null, 2));
  const child = spawn(OPENCODE_BIN, ['run', options.prompt], {
    cwd: options.cwd,
    env: {
      PATH: process.env['PATH'],
      HOME: options.home,
      XDG_CONFIG_HOME: join(options.home, '.config'),
      XDG_DATA_HOME: join(options.home, '.local', 'share'),
      XDG_CACHE_HOME: join(options.home, '.cache'),
      OPENCODE_DISABLE_MODELS_FETCH: '1',
      OPENCODE_DISABLE_AUTOUPDATE: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (part: Buffer) => (stdout += part.toString()));
  child.stderr.on('data', (part: Buffer) => (stderr += part.toString()));
  const timer = setTimeout(() => child.kill('SIGTERM'), options.timeoutMs ?? 120_000);
  const exitCode = await new Promise<number | null>((done) => child.on('close', done));
  clearTimeout(timer);
  return { exitCode, stdout, stderr };
}
