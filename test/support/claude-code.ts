import { existsSync } from 'node:fs';

/**
 * The real Claude Code for end-to-end tests, two releases: the one the project was first tested
 * against (2.1.197, claude-opus-4-8 by default, no prefix check on its thinking) and the latest on npm
 * (2.1.332, claude-opus-5-5 by default: preserved thinking). CI installs both (.ci/install-peers) and
 * sets `GARDENER_CLAUDE_BIN` and `GARDENER_CLAUDE_LATEST_BIN`; the paths below are only fallbacks for
 * a machine set up by hand. Tests install nothing and skip with a message when one is absent.
 */
export const CLAUDE_BIN = firstPresent(process.env['GARDENER_CLAUDE_BIN'], [
  '/work/peers/cc197/node_modules/.bin/claude',
  '/work/scratch/claude-code/node_modules/.bin/claude',
]);

export const CLAUDE_LATEST_BIN = firstPresent(process.env['GARDENER_CLAUDE_LATEST_BIN'], [
  '/work/peers/cc332/node_modules/.bin/claude',
  '/work/scratch/claude-code-latest/node_modules/.bin/claude',
]);

export const claudePresent = existsSync(CLAUDE_BIN);
export const claudeLatestPresent = existsSync(CLAUDE_LATEST_BIN);

/** The set path, else the first fallback that exists (else the first, for the skip message). */
function firstPresent(set: string | undefined, fallbacks: readonly string[]): string {
  if (set) return set;
  return fallbacks.find((path) => existsSync(path)) ?? (fallbacks[0] as string);
}

/** `latest`, `2.1.197` or a path: the Claude Code binary a benchmark asks for. */
export function claudeBinFor(which: string): string {
  if (which === 'latest') return CLAUDE_LATEST_BIN;
  if (which === '2.1.197') return CLAUDE_BIN;
  return which;
}

/** What Claude Code needs to run headless against a local server, no network beside it. */
export const HEADLESS_CLAUDE_ENV = {
  ANTHROPIC_API_KEY: 'dummy',
  CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
  // Claude Code refuses --dangerously-skip-permissions as root outside a sandbox.
  IS_SANDBOX: '1',
} as const;
