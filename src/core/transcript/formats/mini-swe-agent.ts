import { GardenerError } from '../../../errors.js';
import type { TranscriptMeta } from '../types.js';
import { buildTranscript } from './build.js';
import { contentText, fileStem, textBlock, type DraftMessage } from './draft.js';
import { exitTagged, type AgentFormat, type Envelope, type Unwrapped } from './agent-format.js';
import { isPlainObject, jsonShape, readJson } from './json-input.js';

type Json = Record<string, unknown>;

/** Sniff scores: the declared trajectory format is certain; the file name and shape are a strong hint. */
const SCORE_DECLARED = 1;
const SCORE_SHAPED = 0.8;
const RETURNCODE = /^\s*<returncode>(-?\d+)<\/returncode>\s*\n/;

/** The line that stands for a middle the agent elided. */
export function elisionLine(chars: number): string {
  return `[… ${chars} characters elided …]`;
}

/**
 * The `<returncode>` envelope (with `<output>`, or `<output_head>`/`<elided_chars>`/`<output_tail>`
 * when long, after an "output too long" warning); a summary keeps the exit code as `[exit N]`.
 */
const returncodeEnvelope: Envelope = {
  kind: 'mini-swe-agent',
  unwrap(text) {
    const rc = RETURNCODE.exec(text);
    return rc ? unwrapReturncode(text.slice(rc[0].length), Number(rc[1])) : undefined;
  },
  rewrap: (unwrapped, summary) => exitTagged(unwrapped.exitCode, summary),
};

/**
 * mini-swe-agent trajectories (`*.traj.json`, `trajectory_format: mini-swe-agent-1`). The format has
 * no tool blocks: the agent's bash command is a fenced block inside the assistant text and the
 * output comes back as user text (`<returncode>`/`<output>`, or `<output_head>`/`<elided_chars>`/
 * `<output_tail>` when long). Messages are kept as text; the system message is the system prompt.
 */
export const miniSweAgentImporter: AgentFormat = {
  name: 'mini-swe-agent',
  description: 'mini-swe-agent trajectory (*.traj.json, trajectory_format mini-swe-agent-1)',
  reads: 'json',
  envelopes: [returncodeEnvelope],
  observations: { inUserText: true },
  sniff(text, fileName) {
    const shape = jsonShape(text);
    if (shape.kind !== 'document' || !isPlainObject(shape.value)) return 0;
    const value = shape.value;
    const declared = value['trajectory_format'];
    if (typeof declared === 'string' && declared.startsWith('mini-swe-agent')) return SCORE_DECLARED;
    const shaped = Array.isArray(value['messages']) && isPlainObject(value['info']) && !('history' in value);
    return shaped && (fileName?.endsWith('.traj.json') ?? false) ? SCORE_SHAPED : 0;
  },
  parse(text, options = {}) {
    const input = readJson(text, options);
    const value = input.kind === 'document' ? input.value : undefined;
    if (!isPlainObject(value) || !Array.isArray(value['messages'])) {
      throw new GardenerError(
        'INPUT_INVALID',
        'expected a mini-swe-agent trajectory: an object with "messages"',
        { where: options.source ?? '<input>' },
      );
    }
    const messages: DraftMessage[] = [];
    for (const message of value['messages']) {
      if (!isPlainObject(message)) continue;
      const role =
        message['role'] === 'system' ? 'system' : message['role'] === 'assistant' ? 'assistant' : 'user';
      messages.push({ role, content: messageText(message['content']) });
    }
    const id = typeof value['instance_id'] === 'string' ? value['instance_id'] : fileStem(options.source);
    return [
      buildTranscript({
        id,
        format: 'mini-swe-agent',
        title: id,
        messages,
        meta: infoMeta(value),
        ...(options.source !== undefined ? { source: options.source } : {}),
      }),
    ];
  },
};

/** Content is a string, or (newer versions) a list of text parts. */
function messageText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  const blocks = content
    .filter(isPlainObject)
    .map((part) => textBlock(typeof part['text'] === 'string' ? part['text'] : ''));
  return contentText(blocks);
}

function infoMeta(value: Json): TranscriptMeta {
  const meta: TranscriptMeta = {};
  const info = isPlainObject(value['info']) ? value['info'] : {};
  if (typeof info['exit_status'] === 'string') meta['exitStatus'] = info['exit_status'];
  if (typeof info['mini_version'] === 'string') meta['version'] = info['mini_version'];
  const config = isPlainObject(info['config']) ? info['config'] : {};
  const model = isPlainObject(config['model']) ? config['model'] : {};
  if (typeof model['model_name'] === 'string') meta.model = model['model_name'];
  return meta;
}

function unwrapReturncode(rest: string, exitCode: number): Unwrapped {
  const output = tagContent(rest, 'output');
  if (output !== undefined) return { kind: 'mini-swe-agent', body: output, exitCode };
  const head = tagContent(rest, 'output_head');
  const tail = tagContent(rest, 'output_tail');
  if (head !== undefined || tail !== undefined) {
    const elided = /(\d+) characters elided/.exec(tagContent(rest, 'elided_chars') ?? '');
    const elidedChars = elided ? Number(elided[1]) : 0;
    const body = [head ?? '', elisionLine(elidedChars), tail ?? ''].join('\n');
    return { kind: 'mini-swe-agent', body, exitCode, elidedChars };
  }
  return { kind: 'mini-swe-agent', body: rest, exitCode };
}

/** Content of `<tag>…</tag>`, without the newline right after the opening tag and before the closing one. */
function tagContent(text: string, tag: string): string | undefined {
  const open = text.indexOf(`<${tag}>`);
  if (open < 0) return undefined;
  const start = open + tag.length + 2;
  const close = text.lastIndexOf(`</${tag}>`);
  if (close < start) return undefined;
  return text
    .slice(start, close)
    .replace(/^\r?\n/, '')
    .replace(/\r?\n$/, '');
}
