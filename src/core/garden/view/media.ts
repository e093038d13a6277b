import { createHash } from 'node:crypto';
import type { MediaInfo } from './slot.js';

/**
 * Images and documents are identified by the SHA-256 of their bytes (an attachment manifest): the
 * same screenshot attached twice is sent once.
 */

const MEDIA_TYPES: ReadonlySet<string> = new Set(['image', 'document']);

/** Whether a block or tool_result part is an image or document. */
export function isMedia(block: { type: string }): boolean {
  return MEDIA_TYPES.has(block.type);
}

/** Whether a block is an image or document whose source gardener can identify (and so deduplicate and stub). */
export function hasMediaSource(block: { type: string; source?: unknown }): boolean {
  if (!isMedia(block) || block.source === null || typeof block.source !== 'object') return false;
  const s = block.source as Record<string, unknown>;
  switch (s['type']) {
    case 'base64':
    case 'text':
      return typeof s['data'] === 'string';
    case 'url':
      return typeof s['url'] === 'string';
    case 'file':
      return typeof s['file_id'] === 'string';
    default:
      return true;
  }
}

/** Hash, type and size of an image or document block; undefined when it has no recognisable source. */
export function mediaInfo(block: { type: string; source?: unknown }): MediaInfo | undefined {
  if (!hasMediaSource(block)) return undefined;
  const source = block.source as object;
  const s = source as Record<string, unknown>;
  const mediaType =
    typeof s['media_type'] === 'string'
      ? s['media_type']
      : block.type === 'image'
        ? 'image'
        : 'application/octet-stream';
  const hash = createHash('sha256');
  let bytes = 0;
  switch (s['type']) {
    case 'base64': {
      const decoded = Buffer.from(s['data'] as string, 'base64');
      hash.update(decoded);
      bytes = decoded.length;
      break;
    }
    case 'text':
      hash.update(s['data'] as string);
      bytes = Buffer.byteLength(s['data'] as string);
      break;
    case 'url':
      hash.update(`url:${s['url'] as string}`);
      break;
    case 'file':
      hash.update(`file:${s['file_id'] as string}`);
      break;
    default:
      hash.update(`json:${JSON.stringify(source)}`);
      bytes = JSON.stringify(source).length;
  }
  return { hash: hash.digest('hex'), type: block.type, mediaType, bytes };
}

/** Words for a media entry's summary (what recall shows of it). */
export function describeMedia(info: MediaInfo): string {
  return `${info.type} ${info.mediaType}, ${info.bytes} bytes, sha256 ${info.hash}`;
}
