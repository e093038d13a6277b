import { afterAll, describe, expect, it } from 'vitest';
import { agentAction, toolCallText } from '../../../src/core/garden/ingest/call.js';
import { recall } from '../../../src/core/recall/recall.js';
import type { Transcript } from '../../../src/core/transcript/types.js';
import { garden, tempStore } from './helpers.js';

const { store, cleanup } = tempStore();
afterAll(cleanup);

/** An `ls` output: names only, none of the words of the command that listed them. */
const listing = Array.from({ length: 40 }, (_, i) => `module_${i}.py`).join('\n');

describe('what produced a block', () => {
  it('is the command of a shell call, else what a search asked for and where', () => {
    expect(toolCallText('Bash', { command: 'ls sklearn/model_selection/tests/' })).toBe(
      'ls sklearn/model_selection/tests/',
    );
    expect(toolCallText('Grep', { pattern: 'def fit', path: 'src/', glob: '*.py' })).toBe(
      'def fit *.py src/',
    );
    expect(toolCallText('Read', { file_path: '/repo/a.py' })).toBe('/repo/a.py');
    expect(toolCallText('TodoWrite', { todos: [] })).toBeUndefined();
  });

  it("is the last fenced block or function call of the agent's message before an observation", () => {
    expect(agentAction('THOUGHT: list them.\n\n```bash\nls -la src/\n```')).toBe('ls -la src/');
    expect(agentAction('First ```bash\necho a\n``` then\n```bash\necho b\n```')).toBe('echo b');
    expect(
      agentAction(
        'Look at it:\n<function=str_replace_editor>\n<parameter=command>view</parameter>\n<parameter=path>/testbed/setup.py</parameter>\n</function>',
      ),
    ).toBe('str_replace_editor view /testbed/setup.py');
    expect(agentAction('I think we are done here.')).toBeUndefined();
  });

  it('is found when a long parameter puts the call far from the end of the message', () => {
    const body = Array.from({ length: 200 }, (_, i) => `    assert check(${i}) == ${i * 2}`).join('\n');
    const message = `Let me add edge cases:\n\n<function=str_replace_editor>\n<parameter=command>create</parameter>\n<parameter=path>/testbed/edge_cases.py</parameter>\n<parameter=file_text>def test_all():\n${body}\n</parameter>\n</function>`;
    expect(message.length).toBeGreaterThan(5_000);
    expect(
      agentAction(message)?.startsWith('str_replace_editor create /testbed/edge_cases.py def test_all'),
    ).toBe(true);
  });

  it('lets recall find an output by the command that produced it', () => {
    const g = garden(store, 100_000, { keepLastTurns: 1 });
    const transcript: Transcript = {
      id: 'calls',
      format: 'mini-swe-agent',
      messages: [
        { role: 'user', content: 'Fix the failing test in the model selection package.' },
        {
          role: 'assistant',
          content: 'THOUGHT: what is there?\n\n```bash\nls sklearn/model_selection/tests/\n```',
        },
        { role: 'user', content: `<returncode>0</returncode>\n<output>\n${listing}\n</output>` },
        { role: 'assistant', content: 'THOUGHT: and the tool call form.\n\n```bash\necho done\n```' },
        { role: 'user', content: '<returncode>0</returncode>\n<output>\ndone\n</output>' },
      ],
    };
    g.sync(transcript);
    g.settle();
    // The listing shares no word with the query: only its command does.
    const hits = recall(store, 'run pytest on sklearn/model_selection/tests/', g.scope, { full: true }).hits;
    expect(hits.map((h) => h.text).filter((text) => text.includes('module_39.py'))).toHaveLength(1);
  });
});
