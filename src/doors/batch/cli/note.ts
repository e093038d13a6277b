import { Command } from 'commander';
import { GardenerError } from '../../../errors.js';
import type { Note } from '../../../core/store/index.js';
import type { CliIo } from '../../kit/cli/io.js';
import { withIsoDates } from '../../kit/cli/json-dates.js';
import {
  addStoreOptions,
  withStore,
  type StoreFlags,
  READ_ONLY_WILL_DO,
} from '../../kit/cli/store-options.js';
import { addSharedOptions } from '../../kit/cli/options.js';
import { jsonTerminalSafe, terminalSafe } from '../../kit/terminal-safe.js';

interface NoteFlags extends StoreFlags {
  tag: string[];
  pin?: boolean;
  list?: boolean;
  pinned?: boolean;
  json?: boolean;
  redact: boolean;
}

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

async function readStdin(io: CliIo): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of io.stdin)
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  return Buffer.concat(chunks).toString('utf8');
}

function listLine(note: Note): string {
  const date = new Date(note.createdAt).toISOString().slice(0, 10);
  const tags = note.tags.length > 0 ? `  ${note.tags.map((t) => `#${t}`).join(' ')}` : '';
  const firstLine = note.text.split('\n')[0] ?? '';
  return `${note.id}  ${date}${note.pinned ? '  pinned' : ''}  ${firstLine}${tags}`;
}

/** `gardener note TEXT`: keep a curated fact for this project; recall ranks notes high. */
export function makeNoteCommand(io: CliIo): Command {
  const command = new Command('note')
    .description('Keep a curated note for this project (recall weights notes high); --list shows them')
    .argument('[text...]', 'the note ("-" reads it from stdin)')
    .option('--tag <tag>', 'a tag (repeatable)', collect, [])
    .option('--pin', 'pin the note (adapters may keep pinned notes in the context)')
    .option('--list', "list this project's notes instead of adding one")
    .option('--pinned', 'with --list: only pinned notes')
    .option('--json', 'print the note (or the list) as JSON');
  return addStoreOptions(addSharedOptions(command, { redact: true }))
    .addHelpText(
      'after',
      '\nExamples:\n  gardener note "deploys go through scripts/release.sh, never npm publish" --tag deploy\n  gardener note --list',
    )
    .action(async (words: string[], flags: NoteFlags) => {
      if (flags.list) {
        if (words.length > 0) throw new GardenerError('USAGE', 'give either a note text or --list, not both');
        await withStore(
          io,
          flags,
          (store, { scope }) => {
            const notes = store.notes(scope, { pinnedOnly: flags.pinned === true });
            if (flags.json)
              io.stdout.write(jsonTerminalSafe(`${JSON.stringify(notes.map(withIsoDates), null, 2)}\n`));
            else
              io.stdout.write(
                terminalSafe(
                  notes.length === 0
                    ? `no notes in ${scope.project}\n`
                    : `${notes.map(listLine).join('\n')}\n`,
                ),
              );
          },
          READ_ONLY_WILL_DO,
        );
        return;
      }
      const text = words.length === 1 && words[0] === '-' ? await readStdin(io) : words.join(' ');
      if (text.trim() === '')
        throw new GardenerError('USAGE', 'a note needs some text', {
          hint: 'gardener note "what to remember" (or --list)',
        });
      await withStore(
        io,
        flags,
        (store, { scope }) => {
          const note = store.note(scope, text, { tags: flags.tag, pinned: flags.pin === true });
          if (flags.json) io.stdout.write(`${JSON.stringify(withIsoDates(note), null, 2)}\n`);
          else
            io.stdout.write(
              `noted ${note.id} in ${scope.project}${note.text !== text.trim() ? ' (secrets redacted)' : ''}\n`,
            );
        },
        { redact: flags.redact },
      );
    });
}
