/** Time fields of stored entries and notes, held as epoch milliseconds. */
const TIME_FIELDS = new Set(['createdAt', 'lastAccess', 'expiresAt']);

/**
 * An entry or note for `--json` output, its times as ISO 8601 strings (as recall's JSON has them),
 * so every command's JSON reads dates the same way.
 */
export function withIsoDates<T extends object>(value: T): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    out[key] = TIME_FIELDS.has(key) && typeof field === 'number' ? new Date(field).toISOString() : field;
  }
  return out;
}
