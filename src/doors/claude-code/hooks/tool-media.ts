import type { ToolResultBlockParam } from '../../../core/transcript/index.js';

type Parts = Exclude<ToolResultBlockParam['content'], string | undefined>;

/** A Bash `isImage` stdout: a data URL. */
const DATA_URL = /^data:(image\/[\w.+-]+);base64,([A-Za-z0-9+/=\s]+)$/;

/**
 * The media a tool response carries, as the blocks the model received (Read of an image or a PDF,
 * Bash output flagged `isImage`, MCP image parts), so the engine stores them as media (manifest,
 * repeats recognised) rather than as base64 text. Undefined when the response has no media.
 */
export function responseMedia(response: unknown): Parts | undefined {
  if (Array.isArray(response)) {
    if (!response.some((p) => isRecord(p) && p['type'] === 'image')) return undefined;
    return response.flatMap((p): Parts => {
      if (!isRecord(p)) return [];
      if (p['type'] === 'text' && typeof p['text'] === 'string') return [{ type: 'text', text: p['text'] }];
      if (p['type'] === 'image' && typeof p['data'] === 'string' && typeof p['mimeType'] === 'string')
        return [image(p['mimeType'], p['data'])];
      if (p['type'] === 'image' && isRecord(p['source'])) return [p as unknown as Parts[number]];
      return [];
    });
  }
  if (!isRecord(response)) return undefined;
  const file = isRecord(response['file']) ? response['file'] : undefined;
  if (
    response['type'] === 'image' &&
    file &&
    typeof file['base64'] === 'string' &&
    typeof file['type'] === 'string'
  )
    return [image(file['type'], file['base64'])];
  if (response['type'] === 'pdf' && file && typeof file['base64'] === 'string')
    return [
      { type: 'document', source: { type: 'base64', media_type: 'application/pdf', data: file['base64'] } },
    ] as unknown as Parts;
  if (response['isImage'] === true && typeof response['stdout'] === 'string') {
    const url = DATA_URL.exec(response['stdout'].trim());
    if (url) return [image(url[1] ?? 'image/png', (url[2] ?? '').replace(/\s+/g, ''))];
  }
  return undefined;
}

function image(mediaType: string, data: string): Parts[number] {
  return { type: 'image', source: { type: 'base64', media_type: mediaType as 'image/png', data } };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
