import { cacheModel } from '../../core/cache/index.js';
import type { Block, MessageParam } from '../../core/transcript/index.js';
import { isThinking, type UsageCall } from './usage-calls.js';

/**
 * What the replay of a Claude Code log knows of how its requests met the API's cache, each a rule
 * of the API or of Claude Code, none fitted to the rows (each can be left out to measure it):
 * - `model`: the API keeps a cache per model (a plan-mode switch to another model reads nothing of the first);
 * - `ttl`: Claude Code marks with the TTL its rows were written with (1 hour on some accounts);
 * - `thinking`: turning thinking on or off invalidates the messages' cache, on models whose
 *   thinking the request switches (not adaptive ones);
 * - `keep`: models that keep earlier turns' thinking do not drop it at a new prompt;
 * - `warm`: what stays warm across sessions is what the first call found (their shared head), not
 *   the session's own system prompt;
 * - `cwd`, `date`: Claude Code rebuilds its context at each prompt: a changed working directory or
 *   a new day (the log's UTC date) rewrites it.
 */
export const FIT_RULES = ['model', 'ttl', 'thinking', 'keep', 'warm', 'cwd', 'date'] as const;
export type FitRule = (typeof FIT_RULES)[number];

export const ALL_FIT_RULES: ReadonlySet<FitRule> = new Set(FIT_RULES);

/** A user message that is not only tool results: a new prompt. */
function isPrompt(message: MessageParam | undefined): boolean {
  return message?.role === 'user' && (message.content as Block[]).some((b) => b.type !== 'tool_result');
}

/**
 * The call as the API sees it on a model that drops the thinking of assistant turns before the
 * latest user prompt: those blocks are not part of the prompt the cache sees. A message that lost
 * a block is no longer what was produced: its output count no longer applies.
 */
export function withoutOldThinking(call: UsageCall): UsageCall {
  const { messages } = call;
  const prompt = messages.findLastIndex(isPrompt);
  const kept: MessageParam[] = [];
  const sizes: Array<number | undefined> = [];
  messages.forEach((m, i) => {
    const blocks = m.content as Block[];
    const left = i > prompt || m.role !== 'assistant' ? blocks : blocks.filter((b) => !isThinking(b));
    if (left.length === blocks.length) {
      kept.push(m);
      sizes.push(call.sizes[i]);
    } else if (left.length > 0) {
      kept.push({ ...m, content: left } as MessageParam);
      sizes.push(undefined);
    }
  });
  return { ...call, messages: kept, sizes };
}

/** The calls as the API's cache sees them: earlier turns' thinking dropped where the model drops it. */
export function promptsOf(calls: readonly UsageCall[], rules: ReadonlySet<FitRule>): UsageCall[] {
  return calls.map((call) =>
    rules.has('keep') && cacheModel(call.model).keepsThinking ? call : withoutOldThinking(call),
  );
}

/** The TTL Claude Code marked the session's requests with, as its rows were written. */
export function sessionTtl(calls: readonly UsageCall[], rules: ReadonlySet<FitRule>): '5m' | '1h' {
  return rules.has('ttl') && calls.some((call) => call.usage.written1h > 0) ? '1h' : '5m';
}

/**
 * For each call, how many times Claude Code's context had been rebuilt in a way that changes it:
 * at a new prompt, when thinking was switched (the turn thought and the one before did not, or the
 * reverse), the working directory moved, or the day changed since the prompt before.
 */
export function contextVersions(calls: readonly UsageCall[], rules: ReadonlySet<FitRule>): number[] {
  const turns: number[] = [];
  const thought: boolean[] = [];
  calls.forEach((call, i) => {
    const turn = i === 0 ? 0 : (turns[i - 1] as number) + (isPrompt(call.messages.at(-1)) ? 1 : 0);
    turns.push(turn);
    thought[turn] = (thought[turn] ?? false) || call.thinking;
  });
  const versions: number[] = [];
  let version = 0;
  let cwd = calls[0]?.cwd;
  let day = dayOf(calls[0]?.at ?? 0);
  calls.forEach((call, i) => {
    const turn = turns[i] as number;
    if (i > 0 && turn !== turns[i - 1]) {
      const switched =
        rules.has('thinking') &&
        !cacheModel(call.model).adaptiveThinking &&
        thought[turn] !== thought[turn - 1];
      const moved = rules.has('cwd') && call.cwd !== undefined && cwd !== undefined && call.cwd !== cwd;
      const newDay = rules.has('date') && dayOf(call.at) !== day;
      if (switched || moved || newDay) version++;
      cwd = call.cwd ?? cwd;
      day = dayOf(call.at);
    }
    versions.push(version);
  });
  return versions;
}

function dayOf(at: number): string {
  return new Date(at).toISOString().slice(0, 10);
}
