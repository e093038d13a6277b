import path from 'node:path';
import { openStore } from '../../src/core/store/open.js';
import type { EntryInput } from '../../src/core/store/types.js';
import { tempDir } from '../core/store/support.js';

export const PROJECT = 'shop';

/** A temporary database seeded with entries (in project "shop"), and the CLI flags that select it. */
export function seededDb(entries: Array<Partial<EntryInput> & { original: string }>): {
  db: string;
  ids: string[];
  flags: string[];
  cleanup: () => void;
} {
  const { dir, cleanup } = tempDir();
  const db = path.join(dir, 'gardener.db');
  const store = openStore({ path: db });
  const ids = entries.map(
    (e) =>
      store.ingest({
        scope: { project: PROJECT, session: 'agent-1' },
        class: 'log',
        summary: e.original.slice(0, 30),
        tokensOriginal: 100,
        tokensSummary: 10,
        priority: 20,
        ...e,
      }).id,
  );
  store.close();
  return { db, ids, flags: ['--db', db, '--project', PROJECT], cleanup };
}
