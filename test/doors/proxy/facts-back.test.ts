import { afterEach, describe, expect, it } from 'vitest';
import { toolReply, type ScriptStep } from '../../support/fake-anthropic/index.js';
import { runGardener } from '../../support/cli.js';
import { serviceLog, SETTLEMENT_REF } from '../../support/service-log.js';
import {
  asRead,
  inventoryJs,
  LATE_FEE_BASIS_POINTS,
  pricingJs,
  ZONE_TOKEN,
} from '../../support/source-files.js';
import type { JsonMessage } from './json.js';
import { bigLog, runAgentLoop } from './agent-loop.js';
import { startHarness, type ProxyHarness } from './support.js';

let harness: ProxyHarness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

const BUDGET = 32_000;
const FILLER_CALLS = 26;

/** The three reads holding a fact, the question that asks for it, and the fact. */
const FACTS = [
  {
    tool: 'Read',
    input: { file_path: 'src/inventory.js' },
    question: 'zone override token',
    fact: ZONE_TOKEN,
  },
  {
    tool: 'Read',
    input: { file_path: 'src/pricing.js' },
    question: 'late fee basis points',
    fact: LATE_FEE_BASIS_POINTS,
  },
  {
    tool: 'Bash',
    input: { command: 'cat logs/service.log' },
    question: 'settlement ref payments error',
    fact: SETTLEMENT_REF,
  },
];

function output(call: number): string {
  if (call === 0) return asRead(inventoryJs());
  if (call === 1) return asRead(pricingJs());
  if (call === 2) return serviceLog().text;
  return bigLog(call, 220);
}

/** The text of the tool result answering the tool call with this input, as the last request rendered it. */
function resultFor(messages: JsonMessage[], input: Record<string, unknown>): string {
  const uses = messages.flatMap((m) => (Array.isArray(m.content) ? m.content : []));
  const use = uses.find((b) => b.type === 'tool_use' && JSON.stringify(b['input']) === JSON.stringify(input));
  const result = uses.find((b) => b.type === 'tool_result' && b['tool_use_id'] === use?.['id']);
  const content = result?.['content'];
  return typeof content === 'string' ? content : JSON.stringify(content ?? '');
}

describe('Claude Code through gardener proxy at a 32k budget', () => {
  it("brings every fact back with the first instruction of its block's stub or summary", async () => {
    const script: ScriptStep[] = [
      ...FACTS.map((f) => toolReply(f.tool, f.input)),
      ...Array.from({ length: FILLER_CALLS }, (_, i) =>
        toolReply('Bash', { command: `pytest tests/test_module_${i + 3}.py` }),
      ),
      { reply: 'Done.' },
    ];
    harness = await startHarness(script, { budget: BUDGET, contextWindow: 200_000 });
    await runAgentLoop(harness, {
      sessionId: '5e55a1b2-0000-4000-8000-00000000fac7',
      prompt: 'Read the inventory and pricing modules and the service log, then run every test module.',
      output,
      maxCalls: FACTS.length + FILLER_CALLS + 2,
    });
    const last = harness.fake.requests.at(-1)!;
    const messages = (last.body as { messages: JsonMessage[] }).messages;
    for (const { input, question, fact } of FACTS) {
      // Shortened by now (a summary may still hold the fact: a log's summary keeps its ERROR lines).
      const rendered = resultFor(messages, input);
      const first = /^\[gardener: [^\]]*?run `(gardener show [^`]+)`/.exec(rendered);
      expect(first, rendered.slice(0, 200)).not.toBeNull();
      // The model fills in what it needs where the instruction asks for it.
      const command = first![1]!.replace('what you need', question);
      const args = [...command.matchAll(/"([^"]*)"|(\S+)/g)].map((m) => m[1] ?? m[2]!).slice(1);
      const run = await runGardener([...args, '--db', harness.storePath]);
      expect(run.code).toBe(0);
      expect(run.stdout, command).toContain(fact);
    }
  });
});
