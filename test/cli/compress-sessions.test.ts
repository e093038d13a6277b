import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anthropicImporter } from '../../src/core/transcript/formats/anthropic.js';
import { toRequest } from '../../src/core/transcript/types.js';
import { validate } from '../../src/core/transcript/validate.js';
import { runGardener } from '../support/cli.js';

const sessions =
  process.env['GARDENER_SESSIONS'] ?? path.resolve(import.meta.dirname, '../../../shared/sessions');
const present = existsSync(sessions);
if (!present) console.warn(`skipping real-session compress round trips: ${sessions} is absent`);

/** The smallest non-empty session file of each folder (each adp-samples dataset apart): every recorded format, fast. */
function samples(): Array<[string, string]> {
  const picks = new Map<string, { file: string; size: number }>();
  const walk = (dir: string, folder: string) => {
    for (const name of readdirSync(dir)) {
      const file = path.join(dir, name);
      const stat = statSync(file);
      if (stat.isDirectory()) walk(file, folder);
      else if (
        /\.(jsonl|json|traj|md)$/.test(name) &&
        !/results_summary|\.meta\.json|SOURCES/.test(name) &&
        stat.size > 2_000
      ) {
        const best = picks.get(folder);
        if (!best || stat.size < best.size) picks.set(folder, { file, size: stat.size });
      }
    }
  };
  for (const folder of readdirSync(sessions)) {
    const dir = path.join(sessions, folder);
    if (!statSync(dir).isDirectory()) continue;
    if (folder === 'adp-samples')
      for (const dataset of readdirSync(dir)) walk(path.join(dir, dataset), `${folder}/${dataset}`);
    else walk(dir, folder);
  }
  return [...picks].map(([folder, { file }]) => [folder, file]);
}

describe.skipIf(!present)('gardener compress on every recorded format', () => {
  // Made in beforeAll: a skipped describe still runs its body, but never its afterAll.
  let dir = '';
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'gardener-rt-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  it.each(present ? samples() : [])('%s round-trips to valid requests', async (_folder, file) => {
    const db = path.join(dir, 'rt.db');
    const run = await runGardener(['compress', file, '--db', db, '--min-tokens', '50', '--keep-last', '1']);
    expect(run.stderr).toMatch(/^request\s+/m);
    expect(run.code).toBe(0);
    const parsed = JSON.parse(run.stdout) as unknown;
    const bodies = Array.isArray(parsed) ? parsed : [parsed];
    for (const body of bodies) expect(validate(body).issues).toEqual([]);
    const reimported = anthropicImporter.parse(run.stdout, { source: 'stdout' });
    expect(reimported).toHaveLength(bodies.length);
    for (const transcript of reimported) expect(validate(toRequest(transcript)).ok).toBe(true);
  });
});
