import type { Block, MessageParam, Transcript } from './types.js';
import { count } from '../format/index.js';

/** Tool arguments longer than this are cut in the `→ name(args)` line. */
const ARGS_MAX = 200;
const INDENT = '    ';

/** Transcripts as readable text: role headers, tool calls as `→ name(args)`, results indented. */
export function exportText(transcripts: readonly Transcript[]): string {
  return transcripts.map(transcriptText).join('\n');
}

function transcriptText(t: Transcript): string {
  const lines: string[] = [];
  const title = t.title !== undefined ? ` — ${t.title}` : '';
  lines.push(`=== ${t.id} (${t.format}, ${count(t.messages.length, 'message')})${title}`);
  if (t.system !== undefined) {
    const system = typeof t.system === 'string' ? t.system : t.system.map((b) => b.text).join('\n\n');
    lines.push('', '--- system', system);
  }
  if (t.tools !== undefined && t.tools.length > 0)
    lines.push(
      '',
      `--- tools: ${t.tools.map((tool) => ('name' in tool ? String(tool.name) : 'tool')).join(', ')}`,
    );
  const toolNames = new Map<string, string>();
  for (const message of t.messages) {
    lines.push('', `--- ${message.role}`);
    for (const block of blocksOf(message)) lines.push(blockText(block, toolNames));
  }
  return `${lines.join('\n')}\n`;
}

function blocksOf(message: MessageParam): Block[] {
  return typeof message.content === 'string'
    ? [{ type: 'text', text: message.content }]
    : (message.content as Block[]);
}

function indent(text: string): string {
  return text
    .split('\n')
    .map((line) => (line === '' ? '' : INDENT + line))
    .join('\n');
}

function cut(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

function blockText(block: Block, toolNames: Map<string, string>): string {
  if (block.type === 'text') return block.text;
  if (block.type === 'tool_use' || block.type === 'server_tool_use') {
    toolNames.set(block.id, block.name);
    return `→ ${block.name}(${cut(JSON.stringify(block.input ?? {}), ARGS_MAX)})`;
  }
  if (block.type === 'tool_result') {
    const name = toolNames.get(block.tool_use_id) ?? 'tool';
    const head = `← ${name} result${block.is_error === true ? ' (error)' : ''}:`;
    const content = block.content;
    if (content === undefined || content === '') return `${head} (empty)`;
    if (typeof content === 'string') return `${head}\n${indent(content)}`;
    const parts = content.map((part) => (part.type === 'text' ? part.text : placeholder(part as Block)));
    return `${head}\n${indent(parts.join('\n'))}`;
  }
  if (block.type === 'thinking') return `[thinking, ${block.thinking.length.toLocaleString('en-US')} chars]`;
  if (block.type === 'redacted_thinking') return '[redacted thinking]';
  return placeholder(block);
}

function placeholder(block: Block): string {
  if (block.type === 'image' || block.type === 'document') {
    const source = block.source;
    if (source.type === 'base64') {
      const bytes = Math.floor((source.data.length * 3) / 4);
      return `[${block.type} ${source.media_type}, ${(bytes / 1024).toFixed(1)} KB]`;
    }
    if (source.type === 'url') return `[${block.type} ${source.url}]`;
    return `[${block.type}]`;
  }
  return `[${block.type}]`;
}
