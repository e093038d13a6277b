import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { openGarden } from '../../../src/core/garden/index.js';
import { openStore } from '../../../src/core/store/open.js';
import type { Transcript } from '../../../src/core/transcript/types.js';
import { databaseTexts } from '../../fuzz/secrets-support.js';
import { buildLog } from './helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'gardener-redaction-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const KEY = `sk-ant-api03-${'Zq7'.repeat(27)}`;
const SCRIPT = Array.from({ length: 40 }, (_, i) => `echo "deploying part ${i} with ${KEY}"`).join('\n');

/** A session where the key is in a command, in a long log (on its error line) and in a script written. */
function session(): Transcript {
  const log = `${buildLog('deploy', 200)}\n2024-05-01 13:00:00 ERROR deploy: the API rejected ${KEY}`;
  return {
    id: 'keys',
    format: 'anthropic',
    messages: [
      { role: 'user', content: 'Deploy the service.' },
      {
        role: 'assistant',
        content: [
          {
            type: 'tool_use',
            id: 't1',
            name: 'Bash',
            input: { command: `ANTHROPIC_API_KEY=${KEY} make deploy` },
          },
        ],
      },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1', content: log }] },
      {
        role: 'assistant',
        content: [
          { type: 'tool_use', id: 't2', name: 'Write', input: { file_path: 'deploy.sh', content: SCRIPT } },
        ],
      },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't2', content: 'written' }] },
    ],
  };
}

/** Settles the session into a fresh store opened with `options`; returns the database file. */
function settleInto(name: string, options: { redact?: boolean }): string {
  const path = join(dir, `${name}.db`);
  const store = openStore({ path, ...options });
  try {
    const garden = openGarden({ store, session: { project: 'p', session: 's' }, budget: 100_000 });
    garden.sync(session());
    garden.settle();
  } finally {
    store.close();
  }
  return path;
}

/** The id of the entry stored for the block whose key starts with `prefix` (`u:t2:`, `r:t1:`). */
function entryId(path: string, prefix: string): string {
  const db = new Database(path, { readonly: true });
  try {
    const row = db
      .prepare('SELECT e.id FROM blocks b JOIN entries e ON e.seq = b.entry_seq WHERE b.block_key LIKE ?')
      .get(`${prefix}%`) as { id: string } | undefined;
    if (row === undefined) throw new Error(`no entry for ${prefix}`);
    return row.id;
  } finally {
    db.close();
  }
}

describe("the store's redaction setting reaches everything the engine stores", () => {
  it('by default, no text anywhere in the database holds the secret in clear', () => {
    const texts = databaseTexts(settleInto('default', {}));
    expect(texts.some((text) => text.includes('[REDACTED:'))).toBe(true);
    expect(texts.filter((text) => text.includes(KEY))).toEqual([]);
  });

  it('with redact: false, originals, summaries and the index keep the secret as given', () => {
    const path = join(dir, 'as-given.db');
    settleInto('as-given', { redact: false });
    const store = openStore({ path, readonly: true });
    try {
      const log = store.fetch(entryId(path, 'r:t1:'));
      const write = store.fetch(entryId(path, 'u:t2:'));
      expect(log?.original).toContain(`the API rejected ${KEY}`);
      expect(log?.summary).toContain(KEY);
      expect(log?.summary).not.toBe(log?.original);
      expect(write?.original).toContain(KEY);
      expect(write?.summary).toContain(KEY);
      expect(log?.redactions).toBe(0);
    } finally {
      store.close();
    }
    expect(databaseTexts(path).some((text) => text.includes('[REDACTED:'))).toBe(false);
  });
});
