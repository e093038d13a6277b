import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compressStructured, topLevelKeys } from '../../../../src/core/compress/structured/index.js';
import { defaultTokenizer } from '../../../../src/core/tokens/tokenizer.js';

const repoRoot = resolve(import.meta.dirname, '../../../..');
const sessions = resolve(repoRoot, '../shared/sessions');
const present = existsSync(sessions);
if (!present) console.warn(`real-sessions tests skipped: ${sessions} not found`);

/** JSON files of the recorded sessions, each standing in for an agent that cats a JSON file. */
const PAYLOADS = [
  'mini-swe-agent-gemini3/results_summary.json',
  'openhands-runtime-trajs/basic.json',
  'openhands-runtime-trajs/basic_interactions.json',
  'adp-samples/swe-gym_openhands_sampled_trajectories/sample_raw.json',
];

describe.skipIf(!present)('compressStructured on recorded sessions', () => {
  it('reduces JSON payloads to under 30% of their tokens and keeps every top-level key', () => {
    const tokens = defaultTokenizer();
    let before = 0;
    let after = 0;
    for (const name of PAYLOADS) {
      const text = readFileSync(resolve(sessions, name), 'utf8');
      const summary = compressStructured(text, { path: name });
      expect(summary.helped, name).toBe(true);
      for (const key of topLevelKeys(text)) expect(summary.text, `${name}: ${key}`).toContain(key);
      before += tokens.count(text);
      after += tokens.count(summary.text);
    }
    expect(after / before).toBeLessThan(0.3);
  });

  it('reduces a slice of a Claude Code JSONL log and counts its records by type', () => {
    const file = resolve(
      sessions,
      'claude-code-log/-Users-dain-workspace-JSSoundRecorder/7acd37a8-2745-4b58-a8a9-46164b22ad9e.jsonl',
    );
    const text = readFileSync(file, 'utf8').split('\n').slice(0, 60).join('\n');
    const summary = compressStructured(text, {});
    expect(summary.note).toMatch(/^jsonl: \d+ records/);
    expect(summary.text).toMatch(/more lines with keys \{[^}]*parentUuid[^}]*\}; type: /);
    expect(summary.text.length).toBeLessThan(text.length * 0.1);
  });
});
