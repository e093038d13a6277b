import type { Block, MessageParam, ToolUnion, Transcript } from '../../../core/transcript/index.js';
import type { Rng } from './random.js';

/** Writes a session turn by turn: the user speaks, the agent calls tools and gets results. */
export interface SessionBuilder {
  /** A message the user typed. */
  user(text: string): void;
  /** The agent says `thought` (optional), calls a tool, and the result comes back. */
  tool(
    name: string,
    input: Record<string, unknown>,
    result: string,
    options?: { thought?: string; isError?: boolean },
  ): void;
  /** The agent answers in prose (ends its turn). */
  say(text: string): void;
  build(): Transcript;
}

export interface SessionSpec {
  id: string;
  title: string;
  system: string;
  tools: ToolUnion[];
  cwd: string;
  model: string;
  startedAt: string;
}

/** A Claude Code–like session with tool_use / tool_result blocks. */
export function createSessionBuilder(spec: SessionSpec, rng: Rng): SessionBuilder {
  const messages: MessageParam[] = [];
  const push = (role: 'user' | 'assistant', blocks: Block[]) => {
    const last = messages[messages.length - 1];
    if (last && last.role === role && Array.isArray(last.content)) last.content.push(...blocks);
    else messages.push({ role, content: blocks });
  };
  return {
    user: (text) => push('user', [{ type: 'text', text }]),
    tool(name, input, result, options = {}) {
      const id = `toolu_01${rng.hex(22)}`;
      const blocks: Block[] = [];
      if (options.thought) blocks.push({ type: 'text', text: options.thought });
      blocks.push({ type: 'tool_use', id, name, input });
      push('assistant', blocks); // joins a preceding `say` in the same assistant message
      const block: Block = { type: 'tool_result', tool_use_id: id, content: result };
      if (options.isError) block.is_error = true;
      messages.push({ role: 'user', content: [block] });
    },
    say: (text) => push('assistant', [{ type: 'text', text }]),
    build: () => ({
      id: spec.id,
      format: 'builtin',
      title: spec.title,
      system: spec.system,
      tools: spec.tools,
      messages,
      meta: { cwd: spec.cwd, model: spec.model, startedAt: spec.startedAt },
    }),
  };
}

/** Claude Code's Read output: `cat -n` style numbered lines. */
export function numbered(text: string, from = 1): string {
  return text
    .split('\n')
    .map((line, i) => `${String(from + i).padStart(6)}→${line}`)
    .join('\n');
}
