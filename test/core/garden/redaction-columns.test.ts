import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openGarden } from '../../../src/core/garden/index.js';
import { openStore } from '../../../src/core/store/open.js';
import type { Transcript } from '../../../src/core/transcript/types.js';
import { databaseTexts } from '../../fuzz/secrets-support.js';
import { SECRET_SHAPES, SECRET_VALUES } from '../../support/secret-shapes.js';
import { buildLog } from './helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'gardener-redaction-columns-'));
const path = join(dir, 'store.db');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const PEM_ROWS = [
  'MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7VJTUt9Us8cKj',
  'MzEfYyjiWA4R4/M2bS1GB4t7NXp98C3SC6dVMvDuictGeurT8jNbvJZHtCSuYEvu',
];
const SERVICE_ACCOUNT = JSON.stringify(
  {
    type: 'service_account',
    project_id: 'shop-123',
    private_key: ['-----BEGIN PRIVATE KEY-----', ...PEM_ROWS, '-----END PRIVATE KEY-----', ''].join('\n'),
    client_email: 'bot@shop-123.iam.gserviceaccount.com',
  },
  null,
  2,
);
const SECRETS = [...SECRET_VALUES, ...PEM_ROWS];
const COMMAND = SECRET_SHAPES.filter((s) => ['curl -u', 'mysql -p'].includes(s.name))
  .map((s) => s.line)
  .join(' && ');

/** Every shape in a prompt, a command, its long output, a file written and a key file read. */
function session(): Transcript {
  const lines = SECRET_SHAPES.map((shape) => shape.line);
  const log = `${buildLog('deploy', 200)}\n${lines.map((line) => `2024-05-01 13:00:00 ERROR deploy: ${line}`).join('\n')}`;
  return {
    id: 'columns',
    format: 'anthropic',
    messages: [
      { role: 'user', content: `Deploy the shop. ${lines.join('\n')}` },
      {
        role: 'assistant',
        content: [{ type: 'tool_use', id: 't1', name: 'Bash', input: { command: COMMAND } }],
      },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1', content: log }] },
      {
        role: 'assistant',
        content: [
          {
            type: 'tool_use',
            id: 't2',
            name: 'Write',
            input: { file_path: '.env', content: `${lines.join('\n')}\n${'# filler\n'.repeat(200)}` },
          },
        ],
      },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't2', content: 'written' }] },
      {
        role: 'assistant',
        content: [{ type: 'tool_use', id: 't3', name: 'Read', input: { file_path: 'sa.json' } }],
      },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't3', content: SERVICE_ACCOUNT }] },
      { role: 'assistant', content: `Deployed; I used ${lines[0]}` },
    ],
  };
}

beforeAll(() => {
  const store = openStore({ path });
  try {
    const scope = { project: 'p', session: 's' };
    const garden = openGarden({ store, session: scope, budget: 100_000 });
    garden.sync(session());
    garden.settle();
    store.note(scope, `remember: ${SECRET_SHAPES.map((s) => s.line).join(' ')}`, {
      tags: SECRET_SHAPES.map((s) => s.line),
    });
    store.sessionStateSet(scope, 'extra', JSON.stringify({ lines: SECRET_SHAPES.map((s) => s.line) }));
  } finally {
    store.close();
  }
});

describe('every column the store writes holds the new secret shapes redacted', () => {
  it('no table holds a secret in clear: originals, summaries, terms, call lines, notes, tags, session state', () => {
    const texts = databaseTexts(path);
    expect(SECRETS.filter((secret) => texts.some((text) => text.includes(secret)))).toEqual([]);
  });

  it('the call line and the terms of the command output carry the markers', () => {
    const db = new Database(path, { readonly: true });
    try {
      const row = db.prepare("SELECT call_line, terms FROM entries WHERE call_line LIKE 'curl%'").get() as
        { call_line: string; terms: string } | undefined;
      expect(row?.call_line).toContain('curl -u deploy:[REDACTED:password]');
      expect(row?.call_line).toContain('-p[REDACTED:password]');
      expect(row?.terms).toContain('[REDACTED:password]');
      const tags = db.prepare('SELECT tags FROM notes').get() as { tags: string };
      expect(tags.tags).toContain('[REDACTED:');
    } finally {
      db.close();
    }
  });

  it('a service-account key file read is stored as valid JSON, its key body gone', () => {
    const store = openStore({ path, readonly: true });
    try {
      const db = new Database(path, { readonly: true });
      const { id } = db
        .prepare("SELECT id FROM entries WHERE source_path = 'sa.json' AND source_tool = 'Read'")
        .get() as {
        id: string;
      };
      db.close();
      const original = store.fetch(id)?.original ?? '';
      const parsed = JSON.parse(original) as { private_key: string; client_email: string };
      expect(parsed.private_key).toBe(
        '-----BEGIN PRIVATE KEY-----\n[REDACTED:private-key]\n-----END PRIVATE KEY-----\n',
      );
      expect(parsed.client_email).toBe('bot@shop-123.iam.gserviceaccount.com');
    } finally {
      store.close();
    }
  });
});
