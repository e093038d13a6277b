import { query } from './grammars.js';
import {
  isParsed,
  languageFromPath,
  normalizeLanguage,
  sniffLanguage,
  type ParsedLanguage,
} from './language.js';
import { regexTopLevelNames } from './names-regex.js';
import { dedent, headEnd, parseCode } from './parse-code.js';
import { splitSource } from './segments.js';

/** The names query file for each grammar (TSX shares TypeScript's). */
function queryName(language: ParsedLanguage): string {
  switch (language) {
    case 'typescript':
    case 'tsx':
      return 'names-typescript';
    case 'javascript':
      return 'names-javascript';
    case 'python':
      return 'names-python';
    default: {
      const never: never = language;
      return never;
    }
  }
}

/**
 * Names declared at the top level of some code (functions, classes, types, constants), in order
 * of appearance. `language` is a language id or a file path ("py", "typescript", "src/a.ts");
 * line numbers and tool framing are stripped first, as the compressor does. Tree-sitter for
 * TypeScript, JavaScript and Python; a regex battery for other languages and unparsable code.
 */
export function topLevelDeclarationNames(text: string, language?: string): string[] {
  const hint =
    language === undefined ? undefined : (normalizeLanguage(language) ?? languageFromPath(language));
  const view = splitSource(text);
  const names: string[] = [];
  const seen = new Set<string>();
  for (const segment of view.segments) {
    if (segment.kind !== 'code') continue;
    const lines = segment.lines;
    const lang =
      hint ??
      (view.path ? languageFromPath(view.path) : undefined) ??
      (segment.fenceLanguage ? normalizeLanguage(segment.fenceLanguage) : undefined) ??
      sniffLanguage(lines);
    for (const name of namesIn(lines, lang)) {
      if (!seen.has(name)) {
        seen.add(name);
        names.push(name);
      }
    }
  }
  return names;
}

function namesIn(code: readonly string[], language: ReturnType<typeof sniffLanguage>): string[] {
  // As the compressor does: a slice's deeper head is a top level of its own.
  const { lines } = dedent(code);
  const head = isParsed(language) ? headEnd(lines, language) : 0;
  if (head > 0) {
    return [
      ...namesIn(lines.slice(0, head), language),
      ...namesIn(
        lines.map((l, i) => (i < head ? '' : l)),
        language,
      ),
    ];
  }
  const parsed = isParsed(language) ? parseCode(lines, language) : undefined;
  if (!parsed) return regexTopLevelNames(lines.slice(), language);
  try {
    const captures = query(parsed.language, queryName(parsed.language)).captures(parsed.tree.rootNode);
    return captures
      .map((c) => c.node)
      .sort((a, b) => a.startIndex - b.startIndex)
      .map((node) => node.text);
  } catch {
    return regexTopLevelNames(lines.slice(), language);
  }
}
