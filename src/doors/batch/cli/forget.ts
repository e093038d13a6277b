import { Command } from 'commander';
import type { CliIo } from '../../kit/cli/io.js';
import { notFound } from './show.js';
import { addStoreOptions, withStore, type StoreFlags } from '../../kit/cli/store-options.js';
import { integer } from '../../../core/format/index.js';

interface ForgetFlags extends StoreFlags {
  json?: boolean;
}

/** `gardener forget ID...`: soft-delete entries or notes (kept for show, left out of recall). */
export function makeForgetCommand(io: CliIo): Command {
  const command = new Command('forget')
    .description('Leave entries or notes out of recall from now on (they stay readable with show)')
    .argument('<ids...>', 'entry or note ids')
    .option('--json', 'print what was forgotten as JSON');
  return addStoreOptions(command).action(async (ids: string[], flags: ForgetFlags) => {
    await withStore(io, flags, (store) => {
      // Every id is checked before any is forgotten: one typo changes nothing.
      const unknown = ids.find((id) => !store.fetch(id) && !store.getNote(id));
      if (unknown !== undefined) throw notFound(unknown);
      const forgotten = ids.filter((id) => store.forget(id));
      if (flags.json) {
        io.stdout.write(`${JSON.stringify({ forgotten }, null, 2)}\n`);
        return;
      }
      for (const id of forgotten) {
        const entry = store.fetch(id);
        const what = entry
          ? `${entry.class}, ${integer(entry.tokensOriginal)} tokens${entry.sourcePath ? `, ${entry.sourcePath}` : ''}`
          : 'note';
        io.stdout.write(`forgot ${entry?.id ?? id} (${what})\n`);
      }
    });
  });
}
