import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { recallTool } from '../../../../src/doors/claude-code/mcp/tools.js';
import { storeSpooled } from '../../../../src/doors/claude-code/hooks/run.js';
import { hasSpooled } from '../../../../src/doors/claude-code/hooks/spool.js';
import { runGardener } from '../../../support/cli.js';
import { requestText, startFakeAnthropic, toolReply } from '../../../support/fake-anthropic/index.js';
import { bashResult, bigLog, hookWorld, SESSION, type HookWorld } from './support.js';

/** Hooks with no gardener serving them: a tool result waits in the spool. */
const spooling = { GARDENER_HOOK_SPOOL: '1' };
let world: HookWorld;

beforeEach(async () => {
  world = hookWorld();
  await world.hook(
    'post-tool-use',
    bashResult('toolu_s', 'make', bigLog(12, 'linker error: undefined symbol vat_rate')),
    spooling,
  );
  expect(hasSpooled(world.env, world.dbPath)).toBe(true);
});
afterEach(() => world.cleanup());

describe('what a hook spooled is visible to every reader at once', () => {
  it('gardener recall right after the hook finds it', async () => {
    const run = await runGardener(['recall', 'undefined symbol vat_rate'], {
      env: world.env,
      cwd: world.project,
    });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('undefined symbol vat_rate');
    expect(hasSpooled(world.env, world.dbPath)).toBe(false);
  });

  it('gardener stats counts it', async () => {
    const run = await runGardener(['stats', '--json'], { env: world.env, cwd: world.project });
    expect(run.code).toBe(0);
    expect((JSON.parse(run.stdout) as { stats: { entries: number } }).stats.entries).toBeGreaterThan(0);
  });

  it('gardener chat stores the spool when it opens, so its recall finds the result', async () => {
    const fake = await startFakeAnthropic({
      script: [
        toolReply('recall', { query: 'undefined symbol vat_rate' }),
        { reply: (r) => (requestText(r).includes('linker error') ? 'found' : 'lost') },
      ],
    });
    try {
      const env = {
        ...world.env,
        ANTHROPIC_BASE_URL: fake.url,
        ANTHROPIC_API_KEY: 'test',
        ANTHROPIC_MODEL: 'claude-sonnet-4-6',
      };
      const run = await runGardener(['chat', '-p', 'what broke the link?', '--yes'], {
        env,
        cwd: world.project,
      });
      expect(run.code).toBe(0);
      expect(run.stdout.trim()).toBe('found');
    } finally {
      await fake.close();
    }
  });

  it('the MCP recall tool stores the spool before it searches', () => {
    const store = world.open();
    try {
      const scope = () => ({ project: world.project, session: SESSION });
      const deps = { store, scope, storeSpooled: () => storeSpooled(store, world.env) };
      const found = JSON.parse(recallTool(deps, { query: 'undefined symbol vat_rate' })) as {
        results: Array<{ text: string }>;
      };
      expect(found.results[0]?.text).toContain('undefined symbol vat_rate');
    } finally {
      store.close();
    }
  });
});
