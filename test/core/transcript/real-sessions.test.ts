import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isGardenerError } from '../../../src/errors.js';
import { readInput } from '../../../src/core/transcript/read-input.js';
import { readSessionPaths } from '../../../src/core/transcript/session-paths.js';
import { toRequest } from '../../../src/core/transcript/types.js';
import { validate } from '../../../src/core/transcript/validate.js';
import { repoRoot } from './fixtures.js';

const sessionsDir = path.resolve(repoRoot, '../shared/sessions');
const present = existsSync(sessionsDir);
if (!present) console.warn(`real-sessions: ${sessionsDir} is absent; skipping the recorded-session checks`);

/** The format each folder of the development set is written in. */
function expectedFormat(file: string): string {
  const rel = path.relative(sessionsDir, file);
  if (rel.startsWith('claude-code-log')) return 'claude-code';
  if (rel.startsWith('mini-swe-agent')) return 'mini-swe-agent';
  if (rel.startsWith('swe-agent')) return 'swe-agent';
  if (rel.startsWith('openhands')) return 'openhands';
  if (rel.startsWith('aider')) return 'aider';
  if (rel.startsWith(path.join('adp-samples', 'nebius'))) return 'adp';
  if (rel.startsWith('adp-samples')) return 'openai';
  return 'unknown';
}

describe.skipIf(!present)('recorded sessions (../shared/sessions)', () => {
  it('every session file detects to its format, parses, and every transcript is a valid request', async () => {
    const sessions = await readSessionPaths([sessionsDir]);
    expect(sessions.length).toBeGreaterThan(100);
    const empty: string[] = [];
    const noConversation: string[] = [];
    const wrong: string[] = [];
    let transcripts = 0;
    for (const session of sessions) {
      let result;
      try {
        result = await readInput(session.path);
      } catch (error) {
        if (!isGardenerError(error)) throw error;
        if (/input is empty/.test(error.message)) empty.push(session.path);
        else if (
          /no conversation found/.test(error.message) &&
          expectedFormat(session.path) === 'claude-code'
        )
          noConversation.push(session.path);
        else wrong.push(error.message);
        continue;
      }
      if (result.format !== expectedFormat(session.path))
        wrong.push(`${session.path}: detected ${result.format}`);
      for (const t of result.transcripts) {
        transcripts += 1;
        const check = validate(toRequest(t));
        if (!check.ok)
          wrong.push(`${session.path} (${t.id}): ${check.issues[0]?.path} ${check.issues[0]?.message}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(empty).toHaveLength(17);
    expect(noConversation.map((p) => path.basename(p))).toEqual([
      '4e27c414-a885-46a0-b5c8-d58e1417377d.jsonl',
      'a95fea4a-b88a-4e49-ac07-4cc323d8700c.jsonl',
    ]);
    expect(transcripts).toBeGreaterThan(500);
  });

  it('groups the 2.1 subagents folder with its session instead of listing it apart', async () => {
    const sessions = await readSessionPaths([path.join(sessionsDir, 'claude-code-log')]);
    const withSubagents = sessions.filter((s) => s.subagents.length > 0);
    expect(withSubagents.map((s) => path.basename(s.path))).toEqual([
      '29ccd257-68b1-427f-ae5f-6524b7cb6f20.jsonl',
    ]);
    expect(sessions.some((s) => s.path.includes(`${path.sep}subagents${path.sep}`))).toBe(false);
    const result = await readInput(withSubagents[0]!.path);
    expect(result.transcripts.map((t) => t.id)).toEqual([
      '29ccd257-68b1-427f-ae5f-6524b7cb6f20',
      '29ccd257-68b1-427f-ae5f-6524b7cb6f20/agent-a2271d1',
    ]);
  });
});
