import { afterAll, describe, expect, it } from 'vitest';
import { SHELL_WORDS } from '../../../src/core/garden/session/words.js';
import { agentSession, garden, tempStore } from './helpers.js';

const { store, cleanup } = tempStore();
afterAll(cleanup);

describe('retrieval words', () => {
  it('summaries in a rendered request name the way back the door configured', () => {
    const g = garden(store, 200_000, { retrieval: SHELL_WORDS, keepLastTurns: 1 });
    g.sync(agentSession(4));
    g.compactAll({ minTokens: 100, keepLastTurns: 1 });
    const text = JSON.stringify(g.render({ inject: false }).messages);
    expect(text).toMatch(
      /summary [\d,]+→[\d,]+ tok · run `gardener show [0-9a-z]+( --grep \\"what you need\\")?`\]/,
    );
    expect(text).not.toContain('fetch("');
    g.close();
  });

  it('by default names the engine tools', () => {
    const g = garden(store, 200_000, { keepLastTurns: 1 });
    g.sync(agentSession(4));
    g.compactAll({ minTokens: 100, keepLastTurns: 1 });
    const text = JSON.stringify(g.render({ inject: false }).messages);
    expect(text).toMatch(
      /summary [\d,]+→[\d,]+ tok · fetch\(\\"[0-9a-z]+\\"(, query: \\"what you need\\")?\)\]/,
    );
    g.close();
  });
});
