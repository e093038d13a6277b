import { describe, expect, it } from 'vitest';
import { detect } from '../../../src/core/transcript/detect.js';
import { getFormat, listFormats } from '../../../src/core/transcript/formats/registry.js';
import { caught, fixture, fixturePath } from './fixtures.js';

const cases: Array<[string, string]> = [
  ['cc-session.jsonl', 'claude-code'],
  ['cc-interrupted.jsonl', 'claude-code'],
  ['cc-nested/agent-f00d.jsonl', 'claude-code'],
  ['agent-sdk-stream.jsonl', 'agent-sdk'],
  ['agent-sdk-python.json', 'agent-sdk'],
  ['openai-chat.json', 'openai'],
  ['demo__repo-42.traj.json', 'mini-swe-agent'],
  ['swe-agent-run.traj', 'swe-agent'],
  ['openhands-events.json', 'openhands'],
  ['adp-rows.json', 'adp'],
  ['aider.chat.history.md', 'aider'],
  ['codex-rollout.jsonl', 'codex'],
];

describe('detect', () => {
  it.each(cases)('detects %s as %s', (name, format) => {
    expect(detect(fixture(name), fixturePath(name)).importer.name).toBe(format);
  });

  it('detects an Anthropic request body and a gardener JSONL export', () => {
    expect(detect('{"system":"s","messages":[{"role":"user","content":"hi"}]}').importer.name).toBe(
      'anthropic',
    );
    expect(detect('{"transcript":{"id":"a"}}\n{"role":"user","content":"hi"}\n').importer.name).toBe(
      'anthropic',
    );
  });

  it('lists every score, best first', () => {
    const { scores, confidence } = detect(fixture('openai-chat.json'));
    expect(scores).toHaveLength(listFormats().length);
    expect(scores[0]).toEqual({ name: 'openai', score: confidence });
    expect(scores.map((s) => s.score)).toEqual([...scores.map((s) => s.score)].sort((a, b) => b - a));
  });

  it('says which formats it knows when nothing fits', () => {
    const error = caught(() => detect('just some notes\nnothing else\n', 'notes.txt'));
    expect(error.code).toBe('INPUT_UNKNOWN_FORMAT');
    expect(error.message).toBe(
      'notes.txt: cannot tell the transcript format of this input (known formats: claude-code, codex, mini-swe-agent, swe-agent, openhands, adp, agent-sdk, anthropic, openai, aider)',
    );
    expect(error.hint).toContain('--from');
  });

  it('reports JSON that does not parse with its line and column rather than an unknown format', () => {
    const error = caught(() =>
      detect('{\n  "messages": [\n    {"role": "user" "content": "x"}\n  ]\n}\n', 'req.json'),
    );
    expect(error.code).toBe('INPUT_INVALID');
    expect(error.message).toMatch(/^req\.json:3: invalid JSON at line 3, column 21/);
  });

  it('refuses an unknown format name, listing the known ones', () => {
    const error = caught(() => getFormat('csv'));
    expect(error.code).toBe('USAGE');
    expect(error.hint).toMatch(/^known formats: claude-code, /);
  });
});
