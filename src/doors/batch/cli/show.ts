import { Command } from 'commander';
import { GardenerError } from '../../../errors.js';
import type { Entry, Note } from '../../../core/store/index.js';
import type { CliIo } from '../../kit/cli/io.js';
import { useColor } from '../../kit/cli/io.js';
import { jsonTerminalSafe, terminalSafe } from '../../kit/terminal-safe.js';
import { withIsoDates } from '../../kit/cli/json-dates.js';
import {
  addStoreOptions,
  withStore,
  type StoreFlags,
  READ_ONLY_WILL_DO,
} from '../../kit/cli/store-options.js';
import { integer } from '../../../core/format/index.js';
import type { PageRequest } from './show-page.js';

interface ShowFlags extends StoreFlags {
  raw?: boolean;
  summary?: boolean;
  json?: boolean;
  grep?: string;
  lines?: string;
  all?: boolean;
}

/** The page asked for, or a USAGE error when flags that cannot go together are given. */
async function pageRequest(flags: ShowFlags): Promise<PageRequest> {
  const paged = flags.grep !== undefined || flags.lines !== undefined;
  if (paged && (flags.summary || flags.json || flags.all))
    throw new GardenerError(
      'USAGE',
      '--grep and --lines read inside the original: not with --summary, --json or --all',
    );
  if (flags.grep !== undefined && flags.grep.trim() === '')
    throw new GardenerError('USAGE', '--grep needs the text or words to look for');
  // Loaded here, not at the top: `gardener --help` loads every command module, and this one's paging needs recall's.
  const { parseLineRange } = await import('../../../core/recall/index.js');
  return {
    ...(flags.grep !== undefined ? { grep: flags.grep } : {}),
    ...(flags.lines !== undefined ? { lines: parseLineRange(flags.lines) } : {}),
    ...(flags.all ? { all: true } : {}),
  };
}

export function notFound(id: string): GardenerError {
  return new GardenerError('NOT_FOUND', `no entry or note with id "${id}"`, {
    hint: 'Ids come from recall, the context (a stub\'s or a summary\'s `gardener show …` or fetch("…")), or `gardener note --list`.',
  });
}

function when(ms: number): string {
  return new Date(ms).toISOString().replace('T', ' ').slice(0, 19) + ' UTC';
}

function entryHeader(entry: Entry): string[] {
  const tokens = `${integer(entry.tokensOriginal)} → ${integer(entry.tokensSummary)} tokens`;
  return [
    `id        ${entry.id}${entry.active ? '' : '  (forgotten)'}`,
    `class     ${entry.class}${entry.kind === 'media' ? ' (media)' : ''} · priority ${entry.priority} · ${tokens}`,
    ...(entry.sourceTool || entry.sourcePath
      ? [`source    ${[entry.sourceTool, entry.sourcePath].filter(Boolean).join(' ')}`]
      : []),
    `scope     ${entry.scope.project} · session ${entry.scope.session}`,
    `created   ${when(entry.createdAt)} · last access ${when(entry.lastAccess)}${entry.ttlMs ? ` · ttl ${Math.round(entry.ttlMs / 1000)} s` : ''}`,
    ...(entry.redactions > 0
      ? [`redacted  ${entry.redactions} secret${entry.redactions === 1 ? '' : 's'}`]
      : []),
  ];
}

function noteText(note: Note): string {
  const tags = note.tags.length > 0 ? `\ntags      ${note.tags.map((t) => `#${t}`).join(' ')}` : '';
  return `id        ${note.id}${note.pinned ? '  (pinned)' : ''}\nnote in   ${note.scope.project}\ncreated   ${when(note.createdAt)}${tags}\n\n${note.text}\n`;
}

/** `gardener show ID`: an entry's original (byte-exact with --raw), its summary, or a note. */
export function makeShowCommand(io: CliIo): Command {
  const command = new Command('show')
    .description(
      'Print a stored entry (or note) by id: metadata, then the original as stored, with well-known secrets redacted',
    )
    .argument('<id>', 'entry id (from recall or a stub in the context) or note id')
    .option('--raw', 'only the stored text, byte for byte, with nothing added (secrets stay redacted)')
    .option('--summary', 'the summary instead of the original')
    .option('--json', 'the entry as JSON (original and summary included)')
    .option('--grep <text>', 'only the lines holding this text (else all its words), with context, numbered')
    .option('--lines <range>', 'only these lines, e.g. 120-180 or 120- (with --grep: search only there)')
    .option(
      '--all',
      'the whole original even when it is long (by default a long one comes a page at a time)',
    );
  return addStoreOptions(command)
    .addHelpText(
      'after',
      '\nRedaction wins over byte-exact fetch: secrets of well-known shapes (API keys, tokens, private keys,\npasswords) were replaced by [REDACTED:<kind>] before storing, so the original comes back with them\nredacted. Ingest with --no-redact to store texts as given.',
    )
    .action(async (id: string, flags: ShowFlags) => {
      const request = await pageRequest(flags);
      const { showPage, showsWhole } = await import('./show-page.js');
      await withStore(
        io,
        flags,
        async (store) => {
          const entry = store.fetch(id);
          const note = entry ? undefined : store.getNote(id);
          if (!entry && !note) throw notFound(id);
          if (flags.json) {
            io.stdout.write(
              jsonTerminalSafe(`${JSON.stringify(withIsoDates((entry ?? note) as Entry | Note), null, 2)}\n`),
            );
            return;
          }
          if (note) {
            io.stdout.write(flags.raw ? note.text : terminalSafe(noteText(note)));
            return;
          }
          const e = entry as Entry;
          if (flags.raw && request.lines === undefined && request.grep === undefined) {
            io.stdout.write(flags.summary ? e.summary : e.original);
            return;
          }
          if (flags.raw && request.grep === undefined && request.lines) {
            const { first, last } = request.lines;
            io.stdout.write(
              e.original
                .split('\n')
                .slice(first - 1, last)
                .join('\n'),
            );
            return;
          }
          const pc = (await import('picocolors')).default;
          const dim = useColor(io, 'stdout') ? pc.dim : (s: string) => s;
          // Stored text never acts on the terminal (--raw alone prints it byte for byte).
          const head = dim(terminalSafe(entryHeader(e).join('\n')));
          if (!flags.summary && !showsWhole(e, request)) {
            io.stdout.write(`${head}\n${terminalSafe(showPage(e, request))}`);
            return;
          }
          const body = terminalSafe(flags.summary ? e.summary : e.original);
          io.stdout.write(
            `${head}\n${dim(flags.summary ? '── summary' : '── original')}\n${body}${body.endsWith('\n') ? '' : '\n'}`,
          );
        },
        READ_ONLY_WILL_DO,
      );
    });
}
