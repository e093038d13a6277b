import type { DoorSession } from '../../kit/session.js';
import { count, integer } from '../../../core/format/index.js';
import { formatRecallText, parseLineRange } from '../../../core/recall/index.js';
import type { Transcript } from '../../../core/transcript/index.js';
import type { CommandOutcome, SessionInfo } from './controller.js';
import type { ChatListing } from './chat-sessions.js';
import { pressureRows, pressureTitle } from './pressure-table.js';
import { MIN_BUDGET } from '../../../core/garden/constants.js';
import { contextWindowOf } from '../../kit/provider/prices.js';

/** What slash commands reach of the controller. */
export interface CommandHost {
  session(): DoorSession;
  transcript(): Transcript;
  info(): SessionInfo;
  setBudget(tokens: number): void;
  setModel(model: string): void;
  list(): ChatListing[];
  /** Switches to a stored session, or to a new one (undefined); returns what to tell the user. */
  switchTo(id: string | undefined): Promise<string>;
}

interface SlashCommand {
  name: string;
  args: string;
  help: string;
  run(host: CommandHost, arg: string): Promise<CommandOutcome> | CommandOutcome;
}

const text = (t: string): CommandOutcome => ({ kind: 'text', text: t });
const error = (t: string): CommandOutcome => ({ kind: 'error', text: t });

function needs(arg: string, what: string): CommandOutcome | undefined {
  return arg === '' ? error(`give ${what}`) : undefined;
}

function changed(id: string, verb: string, change: { changed: number; reason?: string }): CommandOutcome {
  if (change.changed > 0)
    return text(`${id}: ${verb} (${change.changed} block${change.changed === 1 ? '' : 's'})`);
  if (change.reason === 'unknown') return error(`no entry ${id}`);
  return text(`${id}: nothing to change (${change.reason ?? 'already'})`);
}

export const COMMANDS: readonly SlashCommand[] = [
  { name: 'help', args: '', help: 'list the commands', run: () => text(helpText()) },
  {
    name: 'pressure',
    args: '',
    help: 'the context by class and form against the budget',
    run: (host) => {
      const p = host.session().garden.pressure();
      return { kind: 'table', title: pressureTitle(p), rows: pressureRows(p) };
    },
  },
  {
    name: 'recall',
    args: 'QUERY',
    help: 'search what this project stored, in every session',
    run: (host, arg) =>
      needs(arg, 'a query') ??
      // The user asks, not the model: every match is shown, in the model's context or not.
      text(
        formatRecallText(
          host.session().garden.recall(arg, { limit: 8, inContext: () => false, linesCommand: showLines }),
          undefined,
          { numberLines: true },
        ).trimEnd(),
      ),
  },
  {
    name: 'show',
    args: 'ID [A-B]',
    help: 'the original of a stored entry, or its lines A to B',
    run: (host, arg) => {
      const missing = needs(arg, 'an entry id');
      if (missing) return missing;
      const [id = '', range] = arg.split(/\s+/);
      // A bad range throws a usage error, which runCommand reports.
      const lines = range === undefined ? undefined : parseLineRange(range, 'the range');
      const found = host.session().garden.fetch(id, lines ? { lines } : undefined);
      if (!found) return error(`no entry ${id}`);
      const { entry } = found;
      const head = `${entry.id} · ${entry.class} · ${integer(entry.tokensOriginal)} tokens${found.form ? ` · in context as ${found.form}` : ''}`;
      if (found.inside)
        return text(
          `${head} · lines ${found.inside.first}–${found.inside.last} of ${found.inside.total}\n${found.inside.text}`,
        );
      return text(`${head}\n${entry.original}`);
    },
  },
  {
    name: 'forget',
    args: 'ID',
    help: 'drop an entry to a stub in context',
    run: (host, arg) =>
      needs(arg, 'an entry id') ?? changed(arg, 'now a stub', host.session().garden.forget(arg)),
  },
  {
    name: 'pin',
    args: 'ID',
    help: 'keep an entry in its original form (/unpin undoes it)',
    run: (host, arg) => {
      const missing = needs(arg, 'an entry id');
      if (missing) return missing;
      const change = host.session().garden.pin(arg);
      return change.reason === 'unknown'
        ? error(`no entry ${arg}`)
        : text(
            `${arg}: pinned${change.changed > 0 ? ` (${change.changed} block${change.changed === 1 ? '' : 's'} restored)` : ''}`,
          );
    },
  },
  {
    name: 'unpin',
    args: 'ID',
    help: 'undo /pin: the entry may be compacted again',
    run: (host, arg) =>
      needs(arg, 'an entry id') ??
      (host.session().garden.unpin(arg) ? text(`${arg}: unpinned`) : error(`${arg} is not pinned`)),
  },
  {
    name: 'note',
    args: 'TEXT',
    help: 'keep a note that recall finds first',
    run: (host, arg) =>
      needs(arg, 'the text of the note') ?? text(`noted as ${host.session().garden.note(arg).id}`),
  },
  {
    name: 'compact',
    args: '',
    help: 'compact now, down to the low-water mark (or to half)',
    run: (host) => compactNow(host),
  },
  {
    name: 'budget',
    args: 'N',
    help: `set the token budget of the request (at least ${integer(MIN_BUDGET)}, at most the model's window)`,
    run: (host, arg) => {
      if (arg === '') return text(`budget: ${integer(host.info().budget)} tokens`);
      const n = Number(arg.replace(/[_,]/g, ''));
      const { model } = host.info();
      const window = contextWindowOf(model);
      if (!Number.isInteger(n) || n < MIN_BUDGET || n > window)
        return error(
          `the budget is a whole number of tokens from ${integer(MIN_BUDGET)} to ${integer(window)} (the context window of ${model})`,
        );
      host.setBudget(n);
      return text(`budget: ${integer(n)} tokens`);
    },
  },
  {
    name: 'model',
    args: '[ID]',
    help: 'show or set the model',
    run: (host, arg) => {
      if (arg === '') return text(`model: ${host.info().model}`);
      host.setModel(arg);
      return text(`model: ${arg}`);
    },
  },
  {
    name: 'resume',
    args: '[ID]',
    help: 'switch to a stored session (a list without an id)',
    run: async (host, arg) => {
      if (arg !== '') {
        if (!host.list().some((l) => l.id === arg)) return error(`no chat session ${arg} in this project`);
        return { kind: 'reset', text: await host.switchTo(arg) };
      }
      const items = host.list().map((l) => ({
        label: `${l.id}  ${new Date(l.updatedAt).toISOString().slice(0, 16).replace('T', ' ')}  ${count(l.calls, 'call')}  ${l.title}`,
        command: `/resume ${l.id}`,
      }));
      return items.length === 0
        ? text('no stored chat sessions in this project')
        : { kind: 'pick', title: 'resume a session', items };
    },
  },
  {
    name: 'clear',
    args: '',
    help: 'start a new session (this one stays stored)',
    run: async (host) => ({ kind: 'reset', text: await host.switchTo(undefined) }),
  },
  { name: 'exit', args: '', help: 'quit', run: () => ({ kind: 'exit' }) },
];

/** How the user's /recall names lines of an entry it folded: /show with a range. */
function showLines(id: string, first: number, last: number): string {
  return `/show ${id} ${first}-${last}`;
}

function helpText(): string {
  const width = Math.max(...COMMANDS.map((c) => `/${c.name} ${c.args}`.length));
  return COMMANDS.map((c) => `${`/${c.name} ${c.args}`.padEnd(width)}  ${c.help}`).join('\n');
}

/** /compact below the low-water mark halves the context. */
const COMPACT_SHARE = 0.5;

function compactNow(host: CommandHost): CommandOutcome {
  const { garden } = host.session();
  const before = garden.pressure({ settle: true });
  // Down to the low-water mark, or to half the context when it is already below it.
  const target = Math.floor(
    Math.min(before.low_water * before.budget, before.calibrated_tokens * COMPACT_SHARE),
  );
  const next =
    host.transcript().messages.length > 0 ? host.session().next(host.transcript(), { target }) : undefined;
  const event = next?.event ?? garden.compactAll().event;
  if (!event)
    return text(`nothing to compact (${integer(before.calibrated_tokens)} tokens, ${before.recommendation})`);
  return text(
    `compaction event #${event.seq}: ${count(event.changed, 'block')}, ${integer(event.tokensBefore)} → ${integer(event.tokensAfter)} tokens`,
  );
}

/** Runs a slash command line (`/name args`). */
export async function runCommand(host: CommandHost, line: string): Promise<CommandOutcome> {
  const match = /^\/(\S+)\s*([\s\S]*)$/.exec(line.trim());
  if (!match) return error(`not a command: ${line} (try /help)`);
  const command = COMMANDS.find((c) => c.name === match[1]);
  if (!command) return error(`unknown command /${match[1]} (try /help)`);
  try {
    return await command.run(host, match[2]!.trim());
  } catch (caught) {
    return error(caught instanceof Error ? caught.message : String(caught));
  }
}
