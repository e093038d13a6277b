import { z } from 'zod';
import type { Tool } from '@anthropic-ai/sdk/resources/messages';
import { isGardenerError } from '../../../../errors.js';
import { bashTool } from './bash.js';
import { editTool } from './edit.js';
import { fetchTool } from './fetch.js';
import { contextPressureTool, forgetTool, noteTool } from './gardener-tools.js';
import { globTool } from './glob.js';
import { grepTool } from './grep.js';
import { readTool } from './read.js';
import { recallTool } from './recall.js';
import type { AnyTool, ToolContext, ToolOutput, ToolPreview } from './types.js';
import { writeTool } from './write.js';
import { fail } from './types.js';

/** The chat's tools, in the order the model sees them (this order is part of the cached prefix). */
export const BUILTIN_TOOLS: readonly AnyTool[] = [
  readTool,
  writeTool,
  editTool,
  bashTool,
  grepTool,
  globTool,
  recallTool,
  fetchTool,
  contextPressureTool,
  forgetTool,
  noteTool,
];

/** The tools as the Messages API takes them. */
export function toolDefinitions(tools: readonly AnyTool[] = BUILTIN_TOOLS): Tool[] {
  return tools.map((tool) => {
    const schema = withoutSafeBounds(z.toJSONSchema(tool.input)) as Record<string, unknown>;
    delete schema['$schema'];
    return {
      name: tool.name,
      description: tool.description,
      input_schema: schema as Tool['input_schema'],
    };
  });
}

export function findTool(name: string, tools: readonly AnyTool[] = BUILTIN_TOOLS): AnyTool | undefined {
  return tools.find((tool) => tool.name === name);
}

/** The model's input, checked against the tool's schema; a readable error when it does not fit. */
export function parseInput(tool: AnyTool, input: unknown): { value: unknown } | { error: string } {
  const parsed = tool.input.safeParse(input);
  if (parsed.success) return { value: parsed.data };
  const problems = parsed.error.issues.map((i) => `${i.path.join('.') || 'input'}: ${i.message}`);
  return { error: `invalid input for ${tool.name}: ${problems.join('; ')}` };
}

/** Runs a tool; a refused path or any failure becomes an error result the model can read. */
export async function runTool(tool: AnyTool, input: unknown, context: ToolContext): Promise<ToolOutput> {
  try {
    return await tool.run(input, context);
  } catch (error) {
    return fail(isGardenerError(error) ? error.message : `${tool.name} failed: ${(error as Error).message}`);
  }
}

/** The approval preview; a failure (e.g. a path outside the working directory) is shown as is. */
export async function previewTool(tool: AnyTool, input: unknown, context: ToolContext): Promise<ToolPreview> {
  try {
    return await tool.preview(input, context);
  } catch (error) {
    return { summary: `${tool.name}: ${(error as Error).message}` };
  }
}

/** zod writes ±Number.MAX_SAFE_INTEGER as the bounds of every integer: noise for the model, tokens in every request. */
function withoutSafeBounds(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSafeBounds);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    if ((key === 'maximum' || key === 'minimum') && Math.abs(inner as number) === Number.MAX_SAFE_INTEGER)
      continue;
    out[key] = withoutSafeBounds(inner);
  }
  return out;
}
