import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import {
  compressTranscripts,
  openDoorStore,
  openSession,
  recall,
  resolveTarget,
  validate,
} from '../src/index.js';
import { agentSession } from './core/garden/helpers.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dir = mkdtempSync(path.join(tmpdir(), 'gardener-api-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the package entry', () => {
  it('gardens a program’s own transcript: a session, a request, then recall of an original', async () => {
    const target = resolveTarget({ env: { GARDENER_HOME: dir }, cwd: dir, session: 'my-agent' });
    const store = openDoorStore(target);
    const session = openSession({ store, scope: target.scope, budget: 6_000 });
    const { request, pressure } = session.next(agentSession(10));
    expect(validate(request).issues).toEqual([]);
    expect(pressure.rendered_tokens).toBeLessThanOrEqual(6_000);
    await session.closeSoon();
    const hits = recall(store, 'module2 build failed', target.scope, { limit: 3 }).hits;
    expect(hits.length).toBeGreaterThan(0);
    expect(store.fetch(hits[0]!.id)?.original).toContain('ERROR module2');
    const { stats } = compressTranscripts(store, 'api', [agentSession(6, { id: 'other' })], {
      budget: undefined,
      minTokens: 100,
      keepLastTurns: 1,
      session: undefined,
    });
    expect(stats.tokensAfter).toBeLessThan(stats.tokensBefore);
    store.close();
  });

  it('is what package.json exports, with types, once built', () => {
    const pkg = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
      exports: Record<string, { types: string; import: string }>;
    };
    const entry = pkg.exports['.']!;
    expect(entry.import).toBe('./dist/index.js');
    if (!existsSync(path.join(repoRoot, 'dist'))) return; // built by `npm install` (prepare)
    expect(existsSync(path.join(repoRoot, entry.import))).toBe(true);
    expect(existsSync(path.join(repoRoot, entry.types))).toBe(true);
  });
});
