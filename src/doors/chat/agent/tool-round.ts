import type { ToolResultBlockParam } from '../../../core/transcript/index.js';
import { refusedOutput, type ApprovalPolicy } from './approvals.js';
import { toolResult } from './conversation.js';
import type { AgentEvent } from './events.js';
import { findTool, parseInput, previewTool, runTool } from './tools/registry.js';
import type { AnyTool, ToolContext, ToolOutput } from './tools/types.js';

interface Call {
  id: string;
  name: string;
  input: unknown;
}

type Planned = { call: Call; tool: AnyTool; input: unknown } | { call: Call; result: ToolOutput };

/**
 * Runs the round: reads in parallel, while a call that changes something (write, edit, bash) waits
 * for the calls before it and holds back the calls after it, so "edit, then run the tests" means that.
 */
async function runInOrder(planned: readonly Planned[], context: ToolContext): Promise<ToolOutput[]> {
  const results: ToolOutput[] = [];
  let batch: Array<Promise<ToolOutput>> = [];
  const flush = async () => {
    results.push(...(await Promise.all(batch)));
    batch = [];
  };
  for (const p of planned) {
    if ('result' in p) {
      batch.push(Promise.resolve(p.result));
      continue;
    }
    if (p.tool.mutating) await flush();
    batch.push(
      context.signal.aborted
        ? Promise.resolve({ output: 'interrupted by the user before it ran', isError: true })
        : runTool(p.tool, p.input, context),
    );
    if (p.tool.mutating) await flush();
  }
  await flush();
  return results;
}

/**
 * One round of tool calls: each is announced, checked and, when it mutates, approved one after
 * another (the user answers in order); then the approved calls run (reads in parallel) and their
 * results come back in the order of the calls. Returns the tool_result blocks for the next user message.
 */
export async function* toolRound(
  calls: readonly Call[],
  tools: readonly AnyTool[],
  approvals: ApprovalPolicy,
  context: ToolContext,
): AsyncGenerator<AgentEvent, ToolResultBlockParam[]> {
  for (const call of calls) yield { type: 'tool_call', id: call.id, name: call.name, input: call.input };
  const planned: Planned[] = [];
  for (const call of calls) {
    const tool = findTool(call.name, tools);
    if (!tool) {
      planned.push({ call, result: { output: `no tool named ${call.name}`, isError: true } });
      continue;
    }
    const parsed = parseInput(tool, call.input);
    if ('error' in parsed) {
      planned.push({ call, result: { output: parsed.error, isError: true } });
      continue;
    }
    if (tool.mutating && !context.signal.aborted) {
      const preview = await previewTool(tool, parsed.value, context);
      const request = { id: call.id, name: call.name, input: call.input, ...preview };
      const answer = context.signal.aborted ? 'no' : await approvals.decide(request);
      yield { type: 'approval', request, answer };
      if (answer === 'no') {
        planned.push({
          call,
          result: { output: refusedOutput(call.name, approvals.canAsk()), isError: true },
        });
        continue;
      }
    }
    planned.push({ call, tool, input: parsed.value });
  }
  const results = await runInOrder(planned, context);
  const blocks: ToolResultBlockParam[] = [];
  for (const [i, p] of planned.entries()) {
    const result = results[i]!;
    if (result.event) yield { type: 'compaction', event: result.event, reason: `${p.call.name} tool` };
    const event: AgentEvent = {
      type: 'tool_result',
      id: p.call.id,
      name: p.call.name,
      output: result.output,
      isError: result.isError,
    };
    if (result.display !== undefined) event.display = result.display;
    yield event;
    blocks.push(toolResult(p.call.id, result.output, result.isError));
  }
  return blocks;
}
