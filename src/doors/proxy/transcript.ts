import type { MessageParam, TextBlockParam, ToolUnion, Transcript } from '../../core/transcript/index.js';

/**
 * A Messages API body as the engine's transcript, with nothing repaired or moved: messages (any
 * role, any block type), system and tools as they came, every other field (model, metadata,
 * thinking, context_management…) in `extra`, so `toRequest` gives the body back.
 */
export function toTranscript(body: Record<string, unknown>, id: string): Transcript {
  const { messages, system, tools, ...extra } = body;
  const transcript: Transcript = { id, format: 'anthropic', messages: messages as MessageParam[], extra };
  if (system !== undefined) transcript.system = system as string | TextBlockParam[];
  if (tools !== undefined) transcript.tools = tools as ToolUnion[];
  return transcript;
}
