import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, describe, expect, it } from 'vitest';
import type { Garden } from '../../../src/core/garden/index.js';
import { agentSession, garden, tempStore } from './helpers.js';

const { store, cleanup } = tempStore();
afterAll(cleanup);
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const heapAfterGc = () => {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
};

/** Tool results in the session measured: enough that a few bytes a block show over the noise. */
const RESULTS = 2_000;

describe('what a one-shot garden holds for each block once it has compacted and rendered', () => {
  it('holds under 2.6 kB a tool call and its result: no summary or stub text, nothing rendered kept', () => {
    const transcript = agentSession(RESULTS, { lines: 40 });
    let g: Garden | undefined = garden(store, 1_000_000, { inject: 'off', oneShot: true });
    const before = heapAfterGc();
    g.sync(transcript);
    g.compactAll({ minTokens: 200, keepLastTurns: 2 });
    let read = 0;
    for (const message of g.renderEach().messages) read += message.content.length;
    expect(read).toBeGreaterThan(0);
    const held = (heapAfterGc() - before) / RESULTS;
    g.close();
    g = undefined;
    // 4.1 kB when each slot's tally share was four objects, each message its own shell, and each
    // shortened form its own copy of the type and tool_use_id; 3.3 kB with every summary and stub
    // held and the rendered request kept (render(), compressmem6); ~2.0 kB now.
    expect(held).toBeLessThan(2_600);
  });
});
