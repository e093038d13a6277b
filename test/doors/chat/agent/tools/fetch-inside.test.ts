import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fetchTool } from '../../../../../src/doors/chat/agent/tools/fetch.js';
import { runTool } from '../../../../../src/doors/chat/agent/tools/registry.js';
import type { ToolContext } from '../../../../../src/doors/chat/agent/tools/types.js';
import type { GardenerStore } from '../../../../../src/core/store/types.js';
import { serviceLog, SETTLEMENT_REF } from '../../../../support/service-log.js';
import { sandbox, toolContext } from '../support.js';

let box: ReturnType<typeof sandbox>;
let context: ToolContext;
let store: GardenerStore;

beforeEach(() => {
  box = sandbox();
  const made = toolContext(box.cwd, box.dbPath);
  context = made.context;
  store = made.store;
});
afterEach(() => {
  store.close();
  box.cleanup();
});

describe('fetch with a query', () => {
  it('returns the lines of a long original holding the query, numbered, with context', async () => {
    const log = serviceLog();
    const { id } = store.ingest({
      scope: context.session.garden.scope,
      class: 'log',
      original: log.text,
      summary: 'service log',
      tokensOriginal: 60_000,
      tokensSummary: 3,
      priority: 20,
    });
    const result = await runTool(fetchTool, { id, query: 'payments error' }, context);
    expect(result.isError).toBe(false);
    expect(result.output).toContain(`${log.errorLine}| `);
    expect(result.output).toContain(SETTLEMENT_REF);
    expect(result.output).toContain('(1 matching line;');
    expect(result.output.length).toBeLessThan(2_000);
  });
});
