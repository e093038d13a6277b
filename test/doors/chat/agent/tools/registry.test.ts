import { describe, expect, it } from 'vitest';
import {
  BUILTIN_TOOLS,
  parseInput,
  toolDefinitions,
} from '../../../../../src/doors/chat/agent/tools/registry.js';

describe('tool definitions', () => {
  it('give the API one object schema per tool, without $schema or unsafe bounds', () => {
    const definitions = toolDefinitions();
    expect(definitions.map((d) => d.name)).toEqual([
      'read',
      'write',
      'edit',
      'bash',
      'grep',
      'glob',
      'recall',
      'fetch',
      'context_pressure',
      'forget',
      'note',
    ]);
    for (const definition of definitions) {
      expect(definition.input_schema.type).toBe('object');
      expect(JSON.stringify(definition.input_schema)).not.toMatch(/\$schema|9007199254740991/);
    }
  });

  it('ask approval only for tools that change things', () => {
    expect(BUILTIN_TOOLS.filter((t) => t.mutating).map((t) => t.name)).toEqual(['write', 'edit', 'bash']);
  });

  it('reject input that does not fit the schema, saying where', () => {
    const read = BUILTIN_TOOLS.find((t) => t.name === 'read')!;
    expect(parseInput(read, { path: 'a', offset: 0 })).toEqual({
      error: expect.stringMatching(/^invalid input for read: offset: /) as unknown,
    });
    expect(parseInput(read, { path: 'a' })).toEqual({ value: { path: 'a' } });
  });
});
