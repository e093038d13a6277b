import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { countRequest } from '../../../src/core/tokens/count.js';
import { defaultTokenizer } from '../../../src/core/tokens/tokenizer.js';
import { readInput } from '../../../src/core/transcript/read-input.js';
import { toRequest, type MessageParam } from '../../../src/core/transcript/types.js';
import { addedIssues, firstChangedMessage } from '../../support/requests.js';
import { garden, tempStore } from './helpers.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const sessions = path.resolve(repoRoot, '../shared/sessions');
/** [file, budget]: budgets small enough that each session needs several events. */
const CASES: Array<[string, number]> = [
  [
    'claude-code-log/-Users-dain-workspace-claude-code-log-sample/07f2e15c-a38b-454b-9148-60edc06de401.jsonl',
    12_000,
  ],
  ['mini-swe-agent-gemini3/psf__requests-5414.traj.json', 16_000],
];
const present = CASES.every(([f]) => existsSync(path.join(sessions, f)));
if (!present) console.warn(`skipping real-session replays: ${sessions} not found`);

const { store, cleanup } = tempStore();
afterAll(cleanup);
const tokenizer = defaultTokenizer();

describe.skipIf(!present)('replaying recorded sessions', () => {
  it.each(CASES)(
    '%s at %i tokens: valid, within budget unless protected content is not, cache-stable between events',
    async (file, budget) => {
      const { transcripts } = await readInput(path.join(sessions, file));
      const transcript = transcripts[0]!;
      const g = garden(store, budget);
      let previous: MessageParam[] | undefined;
      let events = 0;
      let breaks = 0;
      transcript.messages.forEach((message, end) => {
        if (message.role !== 'assistant' || end === 0) return;
        const input = { ...transcript, messages: transcript.messages.slice(0, end) };
        const before = g.counters().events;
        g.sync(input);
        const plan = g.plan({ strict: false });
        const request = g.render();
        const event = g.counters().events > before;
        if (event) events++;
        expect(addedIssues(toRequest(input), request)).toEqual([]);
        if (!plan.impossible) expect(countRequest(tokenizer, request)).toBeLessThanOrEqual(budget);
        if (previous) {
          if (firstChangedMessage(previous, request.messages) !== -1) {
            breaks++;
            expect(event).toBe(true);
          }
        }
        previous = [...request.messages, message];
      });
      expect(events).toBeGreaterThan(0);
      expect(breaks).toBeLessThanOrEqual(events);
    },
  );
});
