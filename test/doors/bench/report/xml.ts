/** Checks that a document is well-formed XML (tags balanced and closed, attributes quoted, entities known). Returns the problems. */
export function xmlProblems(xml: string): string[] {
  const problems: string[] = [];
  const stack: string[] = [];
  const token =
    /<(\/?)([A-Za-z][\w:-]*)((?:\s+[\w:-]+="[^"<]*")*)\s*(\/?)>|<!--[\s\S]*?-->|<\?[\s\S]*?\?>|<|&(?!(?:amp|lt|gt|quot|apos|#\d+);)/g;
  let match: RegExpExecArray | null;
  while ((match = token.exec(xml)) !== null) {
    const [whole, closing, name, , selfClosing] = match;
    if (whole === '<') problems.push(`stray "<" at ${match.index}`);
    else if (whole.startsWith('&')) problems.push(`unescaped "&" at ${match.index}`);
    else if (name === undefined) continue;
    else if (closing) {
      const open = stack.pop();
      if (open !== name) problems.push(`</${name}> closes <${open ?? 'nothing'}> at ${match.index}`);
    } else if (!selfClosing) stack.push(name);
  }
  if (stack.length) problems.push(`unclosed: ${stack.join(', ')}`);
  return problems;
}
