import { writeFileSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { runGardener } from '../support/cli.js';
import {
  startFakeAnthropic,
  textReply,
  toolReply,
  type FakeAnthropic,
} from '../support/fake-anthropic/index.js';
import { sandbox } from '../doors/chat/agent/support.js';
import { SECRET_SHAPES, SECRET_VALUES } from '../support/secret-shapes.js';
import { databaseFileBytes, foundInDatabase } from './secrets-support.js';

const AWS_ID = 'AKIA' + 'Q7XW2MZ4KD9PLR3T';
const AWS_SECRET = 'aZ9wJalrXUtnFEMIK7MDENGbPxRfiCYzEXAMPLEk';
const GITHUB = 'ghp_' + 'Zr8Kq2Lw9Xv4Tn6Yb1Mc3Pd5Fh7Jg0Ak2Se4Wu';
const PASSWORD = 'Pw9correcthorsebattery';
const SECRETS_ENV = [
  `AWS_ACCESS_KEY_ID=${AWS_ID}`,
  `AWS_SECRET_ACCESS_KEY=${AWS_SECRET}`,
  `GITHUB_TOKEN=${GITHUB}`,
  `DB_PASSWORD=${PASSWORD}`,
  ...SECRET_SHAPES.map((shape) => shape.line),
].join('\n');

const shape = (name: string) => SECRET_SHAPES.find((s) => s.name === name)!;
const COMMAND_LINE = `${shape('curl -u').line} && ${shape('mysql -p').line}`;
const SPOKEN = shape('password in a sentence');

let fake: FakeAnthropic | undefined;
let box: ReturnType<typeof sandbox> | undefined;
afterEach(async () => {
  await fake?.close();
  box?.cleanup();
});

describe('gardener chat keeps no secret in clear in its saved session', () => {
  it('redacts what a tool read from the saved conversation, which still resumes', async () => {
    fake = await startFakeAnthropic({
      script: [
        toolReply('read', { path: 'secrets.env' }),
        // A command line that holds passwords; `true` runs nothing with them.
        toolReply('bash', { command: `true ${COMMAND_LINE}` }),
        textReply('Read it.'),
        textReply('Still here.'),
      ],
    });
    box = sandbox();
    writeFileSync(
      path.join(box.cwd, 'secrets.env'),
      `${SECRETS_ENV}\n${'filler line of the env file\n'.repeat(200)}`,
    );
    const env = {
      ANTHROPIC_BASE_URL: fake.url,
      ANTHROPIC_API_KEY: 'test',
      ANTHROPIC_MODEL: 'claude-sonnet-4-6',
    };
    const chat = (...args: string[]) =>
      runGardener(['chat', '--db', box!.dbPath, '--project', 'test', '--yes', ...args], {
        env,
        cwd: box!.cwd,
      });

    const first = await chat('-p', `read secrets.env; ${SPOKEN.line}`);
    expect(first.code).toBe(0);
    expect(first.stdout).toBe('Read it.\n');
    const again = await chat('-p', 'anything else?', '--continue');
    expect(again.code).toBe(0);
    expect(again.stdout).toBe('Still here.\n');

    const values = [AWS_ID, AWS_SECRET, GITHUB, PASSWORD, ...SECRET_VALUES];
    expect(foundInDatabase(box.dbPath, values)).toEqual([]);
    expect(values.filter((value) => databaseFileBytes(box!.dbPath).includes(value))).toEqual([]);
    const db = new Database(box.dbPath, { readonly: true });
    try {
      const kinds = db
        .prepare("SELECT DISTINCT typeof(value) AS kind FROM session_state WHERE key LIKE 'chat.m.%'")
        .all();
      expect(kinds).toContainEqual({ kind: 'blob' });
    } finally {
      db.close();
    }
  }, 60_000);
});
