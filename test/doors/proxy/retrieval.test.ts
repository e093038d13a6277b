import { describe, expect, it } from 'vitest';
import { retrievalFor } from '../../../src/doors/proxy/retrieval.js';

const tools = (...names: string[]) => names.map((name) => ({ name, input_schema: { type: 'object' } }));

describe('the way back a proxied model is told', () => {
  it("is gardener's MCP tools, by the client's names, when both are offered", () => {
    const plugin = retrievalFor(
      tools('Bash', 'mcp__plugin_gardener_gardener__fetch', 'mcp__plugin_gardener_gardener__recall'),
    );
    expect(plugin.words.fetch('a3f2')).toBe('mcp__plugin_gardener_gardener__fetch(id: "a3f2")');
    expect(plugin.words.recall('vat failure')).toBe(
      'mcp__plugin_gardener_gardener__recall(query: "vat failure")',
    );
    const direct = retrievalFor(tools('mcp__gardener__recall', 'mcp__gardener__fetch'));
    expect(direct.words.fetch('x')).toBe('mcp__gardener__fetch(id: "x")');
    expect(direct.key).not.toBe(plugin.key);
  });

  it('is the shell otherwise (Claude Code has Bash)', () => {
    expect(retrievalFor(tools('Bash', 'mcp__gardener__fetch')).words.fetch('a3f2')).toBe(
      'run `gardener show a3f2`',
    );
    expect(retrievalFor(undefined).key).toBe('shell');
    expect(retrievalFor(tools('mcp__other__fetch', 'mcp__other__recall')).key).toBe('shell');
  });
});
