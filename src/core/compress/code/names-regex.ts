/**
 * Declaration names by regular expression: for languages without a grammar here, and for code
 * tree-sitter cannot make sense of. One battery serves all C-like, ML-like and scripting languages.
 */

const MODIFIERS =
  '(?:(?:export|default|public|private|protected|internal|static|final|abstract|sealed|open|data|partial|async|unsafe|extern|inline|virtual|override|suspend|pub(?:\\([^)]*\\))?|declare)\\s+)*';

const DECLARATIONS: readonly RegExp[] = [
  // Go methods and functions: func (r *T) Name(…) / func Name(…)
  /^func\s+(?:\([^)]*\)\s*)?([A-Za-z_]\w*)/,
  // Types and containers in most languages
  new RegExp(
    `^${MODIFIERS}(?:class|interface|enum|record|struct|union|trait|object|protocol|extension|module|namespace|mod|type|typealias)\\s+([A-Za-z_$][\\w$]*)`,
  ),
  // Functions: def, fn, fun, func, function, sub, proc
  new RegExp(
    `^${MODIFIERS}(?:def|fn|fun|func|function\\*?|sub|proc)\\s+(?:self\\.)?([A-Za-z_$][\\w$]*[?!=]?)`,
  ),
  /^#define\s+([A-Za-z_]\w*)/,
  // Shell functions: name() { / function name {
  /^([A-Za-z_][\w-]*)\s*\(\)\s*\{?\s*$/,
];

/**
 * C, C++, Java and C# functions at the shallowest indent: a return type, a name, `(`, and no `;`
 * (which would make it a call or a prototype).
 */
const C_LIKE_FUNCTION =
  /^(?!(?:if|for|while|switch|return|else|do|case|new|delete|throw|goto|sizeof)\b)(?:[\w:<>,*&[\]]+\s+)+[*&]*([A-Za-z_]\w*(?:::~?\w+)*)\s*\([^;]*$/;
/** Constants and variables introduced by a keyword (after C-like functions: `static int f(`). */
const KEYWORD_VARIABLE = new RegExp(
  `^${MODIFIERS}(?:const|let|var|val|static)\\s+(?:mut\\s+)?([A-Za-z_$][\\w$]*)`,
);
/** Assignments to a plain name: module-level constants in Python, Ruby and shell. */
const ASSIGNMENT = /^([A-Za-z_]\w*)\s*(?::\s*[^=]+)?=(?!=)/;

/** Languages whose top-level `NAME = value` lines are declarations. */
const ASSIGNING_LANGUAGES: ReadonlySet<string> = new Set(['python', 'ruby', 'shell']);

/** The identifier a line declares, if it looks like a declaration. */
export function declaredName(line: string, language?: string): string | undefined {
  const text = line.trimStart();
  for (const re of DECLARATIONS) {
    const m = re.exec(text);
    if (m?.[1]) return m[1];
  }
  const fn = C_LIKE_FUNCTION.exec(text);
  if (fn?.[1]) return fn[1].split('::').pop();
  const variable = KEYWORD_VARIABLE.exec(text);
  if (variable?.[1]) return variable[1];
  if (language !== undefined && ASSIGNING_LANGUAGES.has(language)) return ASSIGNMENT.exec(text)?.[1];
  return undefined;
}

/** Names declared on the shallowest-indented lines of some code. */
export function regexTopLevelNames(lines: readonly string[], language?: string): string[] {
  let base = Infinity;
  for (const line of lines)
    if (line.trim() !== '') base = Math.min(base, line.length - line.trimStart().length);
  const names: string[] = [];
  const seen = new Set<string>();
  for (const line of lines) {
    if (line.trim() === '' || line.length - line.trimStart().length !== base) continue;
    const name = declaredName(line, language);
    if (name !== undefined && !seen.has(name)) {
      seen.add(name);
      names.push(name);
    }
  }
  return names;
}
