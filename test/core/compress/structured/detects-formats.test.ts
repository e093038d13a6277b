import { describe, expect, it } from 'vitest';
import { parseTable, readRecords } from '../../../../src/core/compress/structured/csv.js';
import { parseStructured } from '../../../../src/core/compress/structured/detect.js';
import { unwrapEnvelope } from '../../../../src/core/compress/structured/envelope.js';
import { toJson } from '../../../../src/core/compress/structured/value.js';

describe('parseStructured', () => {
  it('reads a JSON object or array, not a bare scalar', () => {
    expect(parseStructured('  {"a": [1, 2]}\n')).toEqual({ format: 'json', value: { a: [1, 2] } });
    expect(parseStructured('[{"id": 1}]')?.format).toBe('json');
    expect(parseStructured('"just a string"')).toBeUndefined();
  });

  it('reads JSON Lines and keeps a cut-off last line apart', () => {
    expect(parseStructured('{"a":1}\n{"a":2}\n')).toEqual({ format: 'jsonl', items: [{ a: 1 }, { a: 2 }] });
    expect(parseStructured('{"a":1}\n{"a":2}\n{"a":')).toEqual({
      format: 'jsonl',
      items: [{ a: 1 }, { a: 2 }],
      cutOff: '{"a":',
    });
    expect(parseStructured('{"a":1}\nnot json\n{"a":2}')).toBeUndefined();
  });

  it('reads YAML, several documents as a list', () => {
    expect(parseStructured('name: ci\non:\n  push: {}\n')).toEqual({
      format: 'yaml',
      value: { name: 'ci', on: { push: {} } },
    });
    const docs = parseStructured('kind: A\n---\nkind: B\n');
    expect(docs).toEqual({ format: 'yaml', value: [{ kind: 'A' }, { kind: 'B' }], documents: 2 });
  });

  it('does not take prose with a colon for YAML', () => {
    expect(
      parseStructured('Note: the build failed.\nIt failed because the cache was cold, twice.\n'),
    ).toBeUndefined();
  });

  it('reads TOML with dates as ISO strings', () => {
    const parsed = parseStructured('[release]\nname = "x"\nwhen = 2024-05-01T10:00:00Z\n');
    expect(parsed).toEqual({
      format: 'toml',
      value: { release: { name: 'x', when: '2024-05-01T10:00:00.000Z' } },
    });
  });

  it('does not take an INI file for TOML', () => {
    expect(
      parseStructured('[metadata]\nname = pylint\nversion = attr: pylint.__version__\n')?.format,
    ).not.toBe('toml');
  });

  it('reads CSV and TSV; the path extension decides first', () => {
    expect(parseStructured('a,b,c\n1,2,3\n4,5,6\n')?.format).toBe('csv');
    expect(parseStructured('a\tb\n1\t2\n3\t4\n')?.format).toBe('tsv');
    expect(parseStructured('{"a":1}\n{"a":2}\n', 'events.jsonl')?.format).toBe('jsonl');
  });
});

describe('CSV reader', () => {
  it('handles quotes, doubled quotes, newlines inside quotes and CRLF', () => {
    expect(readRecords('a,b\r\n"x, y","say ""hi""\nthere"\r\n', ',')).toEqual([
      ['a', 'b'],
      ['x, y', 'say "hi"\nthere'],
    ]);
  });

  it('rejects an unterminated quote and ragged rows', () => {
    expect(readRecords('a,b\n"open,2\n', ',')).toBeUndefined();
    expect(parseTable('a,b,c\n1,2\n3,4,5,6\n7,8\n')).toBeUndefined();
  });

  it('does not read two comma-separated lines of prose as a table', () => {
    expect(parseTable('Well, that failed\nSo, we retry\nThen, it passes\n')).toBeUndefined();
  });
});

describe('unwrapEnvelope', () => {
  it('strips a gutter only when every line has one, counting up', () => {
    expect(unwrapEnvelope('     1→{\n     2→}\n').body).toBe('{\n}');
    expect(unwrapEnvelope('1\t{\n2\t}').gutter).toBe(true);
    expect(unwrapEnvelope('1: a\n3: b').gutter).toBe(false);
  });

  it('keeps a trailing system reminder apart', () => {
    const wrapped = unwrapEnvelope('{"a":1}\n\n<system-reminder>\nbe careful\n</system-reminder>\n');
    expect(wrapped.body).toBe('{"a":1}');
    expect(wrapped.trailer).toBe('<system-reminder>\nbe careful\n</system-reminder>\n');
  });
});

describe('toJson', () => {
  it('turns parser values into plain data, keeping key order and __proto__ as a key', () => {
    const value = toJson({ b: 1n, a: new Date(0), c: [Infinity, undefined], ['__proto__']: { x: 1 } });
    expect(Object.keys(value as object)).toEqual(['b', 'a', 'c', '__proto__']);
    expect(JSON.stringify(value)).toBe(
      '{"b":"1","a":"1970-01-01T00:00:00.000Z","c":["Infinity",null],"__proto__":{"x":1}}',
    );
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
  });
});
