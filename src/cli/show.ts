import { Command } from 'commander';
import { GardenerError } from '../errors.js';
import type { Entry, Note } from '../store/types.js';
import type { CliIo } from './io.js';
import { useColor } from './io.js';
import { withIsoDates } from './json-dates.js';
import { addStoreOptions, withStore, type StoreFlags, READ_ONLY_WILL_DO } from './store-options.js';
import { integer } from '../format/numbers.js';

interface ShowFlags extends StoreFlags {
  raw?: boolean;
  summary?: boolean;
  json?: boolean;
}

export function notFound(id: string): GardenerError {
  return new GardenerError('NOT_FOUND', `no entry or note with id "${id}"`, {
    hint: 'Ids come from recall, the context (a stub\'s id=…, a summary\'s `gardener show …` or fetch("…")), or `gardener note --list`.',
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
    .option('--json', 'the entry as JSON (original and summary included)');
  return addStoreOptions(command)
    .addHelpText(
      'after',
      '\nRedaction wins over byte-exact fetch: secrets of well-known shapes (API keys, tokens, private keys,\npasswords) were replaced by [REDACTED:<kind>] before storing, so the original comes back with them\nredacted. Ingest with --no-redact to store texts as given.',
    )
    .action(async (id: string, flags: ShowFlags) => {
      await withStore(
        io,
        flags,
        async (store) => {
          const entry = store.fetch(id);
          const note = entry ? undefined : store.getNote(id);
          if (!entry && !note) throw notFound(id);
          if (flags.json) {
            io.stdout.write(`${JSON.stringify(withIsoDates((entry ?? note) as Entry | Note), null, 2)}\n`);
            return;
          }
          if (note) {
            io.stdout.write(flags.raw ? note.text : noteText(note));
            return;
          }
          const e = entry as Entry;
          if (flags.raw) {
            io.stdout.write(flags.summary ? e.summary : e.original);
            return;
          }
          const pc = (await import('picocolors')).default;
          const dim = useColor(io, 'stdout') ? pc.dim : (s: string) => s;
          const body = flags.summary ? e.summary : e.original;
          io.stdout.write(
            `${dim(entryHeader(e).join('\n'))}\n${dim(flags.summary ? '── summary' : '── original')}\n${body}${body.endsWith('\n') ? '' : '\n'}`,
          );
        },
        READ_ONLY_WILL_DO,
      );
    });
}
