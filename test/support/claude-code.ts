import { existsSync } from 'node:fs';

/**
 * The real Claude Code for end-to-end tests: `GARDENER_CLAUDE_BIN`, else a scratch install
 * (`npm i @anthropic-ai/claude-code` in /work/scratch/claude-code). Tests install nothing and skip
 * with a message when it is absent.
 */
export const CLAUDE_BIN =
  process.env['GARDENER_CLAUDE_BIN'] ?? '/work/scratch/claude-code/node_modules/.bin/claude';

export const claudePresent = existsSync(CLAUDE_BIN);

/** What Claude Code needs to run headless against a local server, no network beside it. */
export const HEADLESS_CLAUDE_ENV = {
  ANTHROPIC_API_KEY: 'dummy',
  CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
  // Claude Code refuses --dangerously-skip-permissions as root outside a sandbox.
  IS_SANDBOX: '1',
} as const;
