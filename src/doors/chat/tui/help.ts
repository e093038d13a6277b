import type { ChatController, CommandOutcome } from '../agent/controller.js';

/** The keys the TUI answers to, listed by /help after the commands. */
export const KEYS: readonly [string, string][] = [
  ['Enter', 'send the prompt'],
  ['Ctrl+J, or \\ at the end of a line', 'new line'],
  ['↑ / ↓', 'previous / next prompt (on the first / last line)'],
  ['Ctrl+O', 'expand or collapse the last tool call'],
  ['Ctrl+T', 'show or hide thinking'],
  ['Ctrl+U', 'clear the prompt'],
  ['↑↓ PgUp PgDn Home End, q or Esc', 'scroll a command output taller than the screen; close it'],
  ['Ctrl+C', 'interrupt the turn; twice (or when idle) quit'],
];

/** /help: the controller's commands, then the keys. */
export function helpTable(commands: ReturnType<ChatController['commands']>): CommandOutcome {
  const rows = [
    ['command or key', 'what it does'],
    ...commands.map((c) => [
      c.args ? `/${c.name.replace(/^\//, '')} ${c.args}` : `/${c.name.replace(/^\//, '')}`,
      c.help,
    ]),
    ...KEYS.map(([key, help]) => [key, help]),
  ];
  return { kind: 'table', title: 'help', rows };
}
