/**
 * The key a recall hint is matched by: a stub prints `recall("…")` with its entry's hint, and a model
 * asking that query (as a shell argument, an MCP argument, in quotes or not) asks for that entry.
 * Case, runs of white space and surrounding quotes do not count; an empty hint has no key.
 */
export function hintKey(text: string): string | null {
  const key = text
    .trim()
    .replace(/^["'`]+|["'`]+$/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
  return key === '' ? null : key;
}
