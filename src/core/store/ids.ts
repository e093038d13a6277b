import { createHash, randomBytes } from 'node:crypto';

/** Crockford's base32 alphabet, lower case: no i, l, o, u, so ids read aloud and type cleanly. */
const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
/** 8 characters = 40 random bits: short to type, and a collision is checked for anyway. */
export const ENTRY_ID_LENGTH = 8;
/** Notes carry an `n` before the same 8 characters, so an id alone says which table it names. */
export const NOTE_ID_PREFIX = 'n';

/**
 * An entry id derived from what it names (project and content hash), so the same input gives the
 * same ids and the same rendered output in any database (docs/DESIGN.md invariant 5). `attempt` > 0
 * derives the next candidate when an id is taken (a clash is ~1 in 10^12 per pair).
 */
export function derivedId(seed: string, attempt = 0, length = ENTRY_ID_LENGTH): string {
  const bytes = createHash('sha256').update(seed).update(`\0${attempt}`).digest();
  let id = '';
  for (let i = 0; i < length; i++) id += ALPHABET[(bytes[i] ?? 0) & 31];
  return id;
}

/** A random id of `length` base32 characters. */
export function randomId(length = ENTRY_ID_LENGTH): string {
  const bytes = randomBytes(length);
  let id = '';
  for (let i = 0; i < length; i++) id += ALPHABET[(bytes[i] ?? 0) & 31];
  return id;
}

export function isNoteId(id: string): boolean {
  return id.length === ENTRY_ID_LENGTH + NOTE_ID_PREFIX.length && id.startsWith(NOTE_ID_PREFIX);
}

/** Ids are matched case-insensitively and without surrounding whitespace or an `id=` prefix. */
export function normalizeId(id: string): string {
  return id.trim().replace(/^id=/i, '').toLowerCase();
}
