/** The shell command that prints lines first..last of an entry: what a folded run of look-alike lines names. */
export function showLinesCommand(id: string, first: number, last: number): string {
  return `gardener show ${id} --lines ${first}-${last}`;
}
