/** One FTS5 string literal: double quotes around, inner quotes doubled. Safe for any input. */
export function ftsString(text: string): string {
  return `"${text.replace(/"/g, '""')}"`;
}

/** `{cols} : ("a" OR "b c")`: any of the items, in the given columns. */
export function anyOf(columns: readonly string[], items: readonly string[]): string {
  return `{${columns.join(' ')}} : (${items.map(ftsString).join(' OR ')})`;
}
