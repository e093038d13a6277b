/** How many of `paths` each folder holds (`./` for bare names), in order of first appearance. */
export function countPerFolder(paths: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const path of paths) {
    const folder = path.includes('/') ? path.slice(0, path.lastIndexOf('/') + 1) : './';
    counts.set(folder, (counts.get(folder) ?? 0) + 1);
  }
  return counts;
}
