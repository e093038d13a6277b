/**
 * A shell glob as a RegExp matching whole strings: `*` (not `/`), `**` (anything, `/` included),
 * `?`, `[abc]`, `{a,b}`. Everything else is literal.
 */
export function globToRegExp(glob: string): RegExp {
  let source = '';
  let braces = 0;
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i] as string;
    if (c === '*') {
      if (glob[i + 1] === '*') {
        i += 1;
        if (glob[i + 1] === '/') {
          i += 1;
          source += '(?:.*/)?';
        } else source += '.*';
      } else source += '[^/]*';
    } else if (c === '?') source += '[^/]';
    else if (c === '[') {
      const end = glob.indexOf(']', i + 1);
      if (end < 0) source += '\\[';
      else {
        const body = glob.slice(i + 1, end).replace(/\\/g, '\\\\');
        source += `[${body.startsWith('!') ? `^${body.slice(1)}` : body}]`;
        i = end;
      }
    } else if (c === '{') {
      braces += 1;
      source += '(?:';
    } else if (c === '}' && braces > 0) {
      braces -= 1;
      source += ')';
    } else if (c === ',' && braces > 0) source += '|';
    else source += c.replace(/[.+^$()|\\/]/g, '\\$&');
  }
  source += ')'.repeat(braces);
  return new RegExp(`^${source}$`);
}

/** True when the glob matches any of the names (a session's label, path, file name, id). */
export function matchesAny(glob: RegExp, names: ReadonlyArray<string | undefined>): boolean {
  return names.some((name) => name !== undefined && glob.test(name));
}
