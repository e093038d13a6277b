import type { RecordedRequest, ScriptStep, StandingReply } from '../fake-anthropic/index.js';
import type { Json } from '../fake-anthropic/types.js';
import { lastUserText, requestText } from '../fake-anthropic/index.js';
import type { PlannedCall, World } from './world.js';

/**
 * The model's side of a long session: every planned tool call, then one call per needle that asks
 * for it back, then a final answer. How a needle came back is recorded: still in the context, by
 * the command a gardener summary or stub names, or only by running the tool again (its output was
 * gone, e.g. after Claude Code's own compaction), or not at all.
 */
export type NeedleOutcome = 'context' | 'stub' | 'rerun' | 'lost';

/**
 * Tokens of the thinking block every reply starts with when the request thinks (Claude Code asks
 * for adaptive thinking; on claude-opus-5-5 each block is bound to its prefix and billed as input).
 */
export const THINKING_TOKENS = 300;

/** The words Claude Code's compaction request starts its instructions with. */
const COMPACTION_PROMPT = 'Your task is to create a detailed summary';

export function isCompaction(request: RecordedRequest): boolean {
  return lastUserText(request).includes(COMPACTION_PROMPT);
}

/** Claude Code's main loop: its tools are on the request, and it is not a compaction. */
function mainLoop(request: RecordedRequest): boolean {
  return Array.isArray(request.body?.tools) && request.body.tools.length > 3 && !isCompaction(request);
}

/** Claude Code's compaction call, answered with a summary that keeps the plan, not the outputs. */
export const compactionReply: StandingReply = {
  match: isCompaction,
  reply:
    "<summary>\n1. Primary request: inspect the project's modules, build logs and test reports, then report " +
    'the failure codes found.\n2. Work so far: read source modules and printed logs and reports in order.\n' +
    '3. Next step: continue with the remaining files, then answer.\n</summary>',
};

function toolResultText(request: RecordedRequest, id: string): string | undefined {
  for (const message of (request.body?.messages ?? []) as Json[]) {
    if (!Array.isArray(message.content)) continue;
    for (const block of message.content as Json[])
      if (block.type === 'tool_result' && block.tool_use_id === id) return JSON.stringify(block.content);
  }
  return undefined;
}

/** The newest tool result of the request (Claude Code may send a reminder message after it). */
function lastToolResult(request: RecordedRequest): string {
  const messages = (request.body?.messages ?? []) as Json[];
  for (let m = messages.length - 1; m >= 0; m--) {
    const content = messages[m].content;
    if (!Array.isArray(content)) continue;
    const result = [...content].reverse().find((block: Json) => block.type === 'tool_result');
    if (result) return JSON.stringify(result.content);
  }
  return '';
}

const bash = (command: string) => ({
  content: [{ type: 'tool_use' as const, name: 'Bash', input: { command, description: 'Check a fact' } }],
});

/**
 * The script for `world`; `outcomes` fills in as the session runs (one entry per needle), and
 * `final` with the needles the answering call still has in its context (asked back one at a time,
 * every one must still be there when the model answers).
 */
export function longSessionScript(
  world: World,
  outcomes: Map<string, NeedleOutcome>,
  final: Set<string> = new Set(),
): ScriptStep[] {
  const steps: ScriptStep[] = world.calls.map((call) => ({
    match: mainLoop,
    reply: { content: [{ type: 'tool_use', id: call.id, name: call.name, input: call.input }] },
  }));
  const pending: { needle?: PlannedCall; via?: NeedleOutcome } = {};
  const settlePrevious = (request: RecordedRequest) => {
    if (!pending.needle) return;
    const needle = pending.needle.needle as string;
    if (pending.via !== 'context') {
      const back = lastToolResult(request).includes(needle);
      outcomes.set(needle, back ? (pending.via as NeedleOutcome) : 'lost');
    }
  };
  for (const target of [...world.needles, undefined])
    steps.push({
      match: mainLoop,
      reply: (request) => {
        settlePrevious(request);
        if (!target) {
          const text = requestText(request);
          for (const call of world.needles)
            if (text.includes(call.needle as string)) final.add(call.needle as string);
          const found = [...outcomes.entries()].filter(([, how]) => how !== 'lost').map(([needle]) => needle);
          return `Failure codes found: ${found.join(', ') || 'none'}.`;
        }
        const needle = target.needle as string;
        pending.needle = target;
        if (requestText(request).includes(needle)) {
          pending.via = 'context';
          outcomes.set(needle, 'context');
          return bash(`echo "${needle} is the code"`);
        }
        // A summary names `gardener show ID`; a stub its id and a recall query. The model asks for
        // the lines it is after (the failures), as the stub's own instruction says to.
        const shown = /(?:gardener show |id=)(\w+)/.exec(toolResultText(request, target.id) ?? '');
        if (shown) {
          pending.via = 'stub';
          return bash(`gardener show ${shown[1]} --grep "failed"`);
        }
        pending.via = 'rerun';
        return bash(String(target.input['command']));
      },
    });
  return steps;
}
