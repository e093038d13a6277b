/**
 * The text of a tool result as the model saw it, from Claude Code's `tool_response` (shapes seen in
 * 2.1: Bash {stdout, stderr, interrupted}, Read {file: {content}}, Grep/Glob {content | filenames},
 * MCP tools [{type: 'text', text}], plain strings). Unknown shapes are kept whole as JSON, so nothing
 * the model saw is lost.
 */
export function responseText(response: unknown): string {
  if (typeof response === 'string') return response;
  if (Array.isArray(response)) {
    const texts = response.flatMap((part) => (isTextPart(part) ? [part.text] : []));
    return texts.length === response.length ? texts.join('\n') : json(response);
  }
  if (response === null || typeof response !== 'object') return response === undefined ? '' : json(response);
  const r = response as Record<string, unknown>;
  if (typeof r['stdout'] === 'string' || typeof r['stderr'] === 'string') {
    const parts = [r['stdout'], r['stderr']].filter((s): s is string => typeof s === 'string' && s !== '');
    const text = parts.join('\n');
    return r['interrupted'] === true ? `${text}\n[interrupted]` : text;
  }
  const file = r['file'];
  if (
    file !== null &&
    typeof file === 'object' &&
    typeof (file as Record<string, unknown>)['content'] === 'string'
  )
    return (file as Record<string, unknown>)['content'] as string;
  if (typeof r['content'] === 'string') return r['content'];
  if (Array.isArray(r['content'])) return responseText(r['content']);
  if (Array.isArray(r['filenames']) && r['filenames'].every((f) => typeof f === 'string'))
    return r['filenames'].join('\n');
  return json(response);
}

function isTextPart(part: unknown): part is { type: 'text'; text: string } {
  return (
    part !== null &&
    typeof part === 'object' &&
    (part as Record<string, unknown>)['type'] === 'text' &&
    typeof (part as Record<string, unknown>)['text'] === 'string'
  );
}

function json(value: unknown): string {
  return JSON.stringify(value, null, 2) ?? '';
}
