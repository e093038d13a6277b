import { describe, expect, it } from 'vitest';
import { adpImporter } from '../../../../src/core/transcript/formats/adp.js';
import { expectValid, fixture } from '../fixtures.js';

describe('adp importer', () => {
  const ts = adpImporter.parse(fixture('adp-rows.json'), { source: 'adp-rows.json' });

  it('makes one transcript per row, with the system turn as system prompt and ai turns as the assistant', () => {
    expect(ts.map((t) => t.id)).toEqual(['demo__lib-7_1', 'demo__lib-8_2']);
    expect(ts[0]!.system).toBe('SETTING: You are an autonomous programmer.');
    expect(ts[0]!.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    ts.forEach(expectValid);
  });

  it('keeps short row fields as meta and leaves the patch out', () => {
    expect(ts[0]!.meta).toMatchObject({
      model: 'swe-agent-llama-70b',
      target: true,
      exit_status: 'submitted',
    });
    expect(ts[0]!.meta?.['generated_patch']).toBeUndefined();
  });

  it('claims rows with a role/text trajectory and not chat rows', () => {
    expect(adpImporter.sniff(fixture('adp-rows.json'))).toBeGreaterThan(0.8);
    expect(adpImporter.sniff(fixture('openai-chat.json'))).toBe(0);
  });
});
