/**
 * Names that are generated ids (UUIDs, long hex digests: cache files, build artefacts) are not
 * names anyone types; a listing counts them per extension instead of spelling out each one.
 */
const HASHED =
  /^(?:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[0-9a-f]{16,})((?:\.\w+)*)$/i;
/** Fewer hashed names than this sharing an extension are listed as they are. */
const MIN_GROUP = 3;

/**
 * The names with hashed ones of a common extension replaced by one `N × <id>.ext` entry, placed
 * where the first of them was. `name` gives the part of an entry to test (a path's base name).
 */
export function collapseHashed(
  entries: readonly string[],
  name: (entry: string) => string = (e) => e,
): string[] {
  const groups = new Map<string, number>();
  for (const entry of entries) {
    const match = HASHED.exec(name(entry));
    if (match)
      groups.set(
        groupKey(entry, name, match[1] ?? ''),
        (groups.get(groupKey(entry, name, match[1] ?? '')) ?? 0) + 1,
      );
  }
  const out: string[] = [];
  const placed = new Set<string>();
  for (const entry of entries) {
    const match = HASHED.exec(name(entry));
    const key = match ? groupKey(entry, name, match[1] ?? '') : undefined;
    if (key === undefined || (groups.get(key) ?? 0) < MIN_GROUP) {
      out.push(entry);
      continue;
    }
    if (placed.has(key)) continue;
    placed.add(key);
    out.push(`${groups.get(key)} × ${key}`);
  }
  return out;
}

/** The entry with its hashed base name replaced by `<id>`: `docs/cache/<id>.json`. */
function groupKey(entry: string, name: (entry: string) => string, extension: string): string {
  const base = name(entry);
  return `${entry.slice(0, entry.length - base.length)}<id>${extension}`;
}
