import type { JsonBlock, JsonMessage } from './json.js';
import { claudeMetadata, clientHeaders, post, type ProxyHarness } from './support.js';

/** A Claude Code-like client: it runs every tool call the model makes and sends the whole history each time. */
export interface AgentLoopOptions {
  sessionId: string;
  prompt: string;
  /** Output of the n-th tool call (0-based). */
  output: (call: number, input: unknown) => string | Promise<string>;
  /** Stop after this many requests at most. */
  maxCalls: number;
  system?: string;
  /** Tool definitions besides Bash (e.g. gardener's MCP tools as Claude Code names them). */
  extraTools?: string[];
  /** The model asked for (default claude-sonnet-4-5). */
  model?: string;
}

export interface AgentLoopResult {
  messages: JsonMessage[];
  /** Final text of the model. */
  answer: string;
  calls: number;
}

export async function runAgentLoop(
  harness: ProxyHarness,
  options: AgentLoopOptions,
): Promise<AgentLoopResult> {
  const messages: JsonMessage[] = [{ role: 'user', content: [{ type: 'text', text: options.prompt }] }];
  let call = 0;
  for (let request = 0; request < options.maxCalls; request++) {
    const sent = withBreakpoint(messages);
    const answer = await post(
      harness,
      '/v1/messages?beta=true',
      {
        model: options.model ?? 'claude-sonnet-4-5',
        max_tokens: 4096,
        metadata: claudeMetadata(options.sessionId),
        system: [
          {
            type: 'text',
            text: options.system ?? 'You are a coding agent.',
            cache_control: { type: 'ephemeral' },
          },
        ],
        tools: [
          {
            name: 'Bash',
            description: 'Run a shell command',
            input_schema: { type: 'object', properties: { command: { type: 'string' } } },
          },
          ...(options.extraTools ?? []).map((name) => ({
            name,
            description: 'An MCP tool',
            input_schema: { type: 'object', properties: {} },
          })),
        ],
        messages: sent,
      },
      clientHeaders(),
    );
    if (answer.status !== 200) throw new Error(`request ${request} failed: ${answer.status} ${answer.text}`);
    const message = JSON.parse(answer.text) as { content: JsonBlock[] };
    messages.push({ role: 'assistant', content: message.content });
    const uses = message.content.filter((b) => b.type === 'tool_use');
    if (uses.length === 0) {
      const text = message.content
        .filter((b) => b.type === 'text')
        .map((b) => String(b['text']))
        .join('');
      return { messages, answer: text, calls: request + 1 };
    }
    const results: JsonBlock[] = [];
    for (const use of uses)
      results.push({
        type: 'tool_result',
        tool_use_id: use['id'],
        content: await options.output(call++, use['input']),
        is_error: false,
      });
    messages.push({ role: 'user', content: results });
  }
  throw new Error(`no final answer within ${options.maxCalls} calls`);
}

/** Claude Code's habit: one breakpoint on the last block of the last message, moving every call. */
function withBreakpoint(messages: JsonMessage[]): JsonMessage[] {
  const copy = messages.map((m) => ({ ...m, content: [...(m.content as JsonBlock[])] }));
  const last = copy[copy.length - 1]!;
  const block = last.content[last.content.length - 1]!;
  last.content[last.content.length - 1] = { ...block, cache_control: { type: 'ephemeral' } };
  return copy;
}

/** A test-runner log of about `lines` lines, with `needle` in its first failure. */
export function bigLog(call: number, lines: number, needle?: string): string {
  const out = [`$ pytest tests/test_module_${call}.py -v`, '============ test session starts ============'];
  for (let i = 0; i < lines; i++)
    out.push(`tests/test_module_${call}.py::test_case_${i} PASSED [${Math.round((i / lines) * 100)}%]`);
  if (needle) out.push(`FAILED tests/test_module_${call}.py::test_special - AssertionError: ${needle}`);
  out.push(`============ ${lines} passed${needle ? ', 1 failed' : ''} in 3.2s ============`);
  return out.join('\n');
}
