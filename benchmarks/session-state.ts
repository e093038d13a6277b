/**
 * What a chat's saved message costs in the database: one large tool output (a build log of
 * 600,000 lines) saved as session state, as `gardener chat` saves it.
 * Run: npx tsx benchmarks/session-state.ts
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { openStore } from '../src/core/store/open.js';

const LINES = 600_000;
const dir = mkdtempSync(path.join(tmpdir(), 'gardener-session-state-'));
try {
  const file = path.join(dir, 'gardener.db');
  const store = openStore({ path: file });
  const log = Array.from(
    { length: LINES },
    (_, i) => `INFO ${i} compiled module${i % 37}.ts in ${i % 90} ms`,
  );
  const content = [{ type: 'tool_result', tool_use_id: 't1', content: log.join('\n') }];
  const value = JSON.stringify({ role: 'user', content });
  const started = performance.now();
  store.sessionStateSet({ project: 'bench', session: 's' }, 'chat.m.0', value);
  const ms = performance.now() - started;
  store.close();
  const db = new Database(file, { readonly: true });
  const row = db.prepare("SELECT length(value) AS bytes FROM session_state WHERE key = 'chat.m.0'").get() as {
    bytes: number;
  };
  db.close();
  const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
  process.stdout.write(
    `saved message ${mb(value.length)} → row ${mb(row.bytes)} (${((row.bytes / value.length) * 100).toFixed(1)}%), saved in ${ms.toFixed(0)} ms\n`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
