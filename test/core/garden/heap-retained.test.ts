import { existsSync } from 'node:fs';
import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, describe, expect, it } from 'vitest';
import { loadSessions } from '../../../src/doors/bench/load.js';
import type { Garden } from '../../../src/core/garden/index.js';
import type { Transcript } from '../../../src/core/transcript/types.js';
import { garden, tempStore } from './helpers.js';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const sessions = process.env['GARDENER_SESSIONS'] ?? path.resolve(repoRoot, '../shared/sessions');
/** A session with one huge tool result (a 450k-token git diff). */
const FILE = 'mini-swe-agent-gemini3/psf__requests-1142.traj.json';
const present = existsSync(path.join(sessions, FILE));
if (!present) console.warn(`skipping the engine heap test: ${path.join(sessions, FILE)} not found`);

const { store, cleanup } = tempStore();
afterAll(cleanup);
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

describe.skipIf(!present)('what a garden keeps in memory', () => {
  it('holds less than the transcript it gardens: names and summaries cut from a large text are copies of their own', async () => {
    let transcript: Transcript | undefined;
    for await (const item of loadSessions([path.join(sessions, FILE)], { cwd: sessions }))
      if (item.type === 'session') transcript = item.session.transcript;
    if (!transcript) throw new Error(`no session in ${FILE}`);
    let g: Garden | undefined = garden(store, 32_000, { inject: 'off' });
    g.sync(transcript);
    g.settle();
    g.plan({ strict: false });
    g.render();
    gc();
    const withGarden = process.memoryUsage().heapUsed;
    g.close();
    g = undefined;
    gc();
    const held = withGarden - process.memoryUsage().heapUsed;
    expect(transcript.messages.length).toBeGreaterThan(100); // the caller's transcript stays alive
    expect(held).toBeLessThan(Buffer.byteLength(JSON.stringify(transcript)));
  });
});
