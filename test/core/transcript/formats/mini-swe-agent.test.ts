import { describe, expect, it } from 'vitest';
import { miniSweAgentImporter } from '../../../../src/core/transcript/formats/mini-swe-agent.js';
import { caught, expectValid, fixture } from '../fixtures.js';

describe('mini-swe-agent importer', () => {
  const [t] = miniSweAgentImporter.parse(fixture('demo__repo-42.traj.json'), {
    source: 'demo__repo-42.traj.json',
  });

  it('keeps the chat as alternating text messages with the system prompt apart', () => {
    expectValid(t!);
    expect(t!.system).toBe('You are a helpful assistant that can interact with a computer shell.');
    expect(t!.messages.map((m) => m.role)).toEqual([
      'user',
      'assistant',
      'user',
      'assistant',
      'user',
      'assistant',
      'user',
    ]);
    expect(t!.messages.every((m) => typeof m.content === 'string')).toBe(true);
  });

  it('keeps commands and wrapped outputs verbatim', () => {
    expect(t!.messages[1]!.content).toContain("```bash\ngrep -rn 'def paginate' .\n```");
    expect(t!.messages[4]!.content).toContain('<elided_chars>\n5000 characters elided\n</elided_chars>');
  });

  it('takes the id, model and exit status from the trajectory, not the raw model response', () => {
    expect(t).toMatchObject({
      id: 'demo__repo-42',
      title: 'demo__repo-42',
      meta: { model: 'openrouter/google/gemini-3-pro-preview', exitStatus: 'Submitted', version: '1.14.2' },
    });
    expect(JSON.stringify(t!.messages)).not.toContain('hidden');
  });

  it('is sniffed by its declared format', () => {
    expect(miniSweAgentImporter.sniff(fixture('demo__repo-42.traj.json'))).toBe(1);
    expect(miniSweAgentImporter.sniff(fixture('swe-agent-run.traj'))).toBe(0);
  });

  it('rejects a JSON object without messages', () => {
    expect(
      caught(() => miniSweAgentImporter.parse('{"info": {}}', { source: 't.traj.json' })).message,
    ).toMatch(/^t\.traj\.json: expected a mini-swe-agent trajectory/);
  });
});
