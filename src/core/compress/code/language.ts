/**
 * Which language a piece of code is in: from the caller's hint, else the file extension, else
 * the content. Only the distinctions the code compressor acts on are made.
 */

/** Languages parsed with tree-sitter. */
export type ParsedLanguage = 'typescript' | 'tsx' | 'javascript' | 'python';
/** Languages folded by indentation (with a per-language marker and header vocabulary). */
export type FoldedLanguage =
  | 'go'
  | 'rust'
  | 'java'
  | 'kotlin'
  | 'csharp'
  | 'c'
  | 'cpp'
  | 'ruby'
  | 'shell'
  | 'php'
  | 'swift'
  | 'scala'
  | 'other';
export type CodeLanguage = ParsedLanguage | FoldedLanguage;

const PARSED: ReadonlySet<string> = new Set<ParsedLanguage>(['typescript', 'tsx', 'javascript', 'python']);

/** True for the languages with a tree-sitter grammar. */
export function isParsed(language: CodeLanguage): language is ParsedLanguage {
  return PARSED.has(language);
}

const ALIASES: Readonly<Record<string, CodeLanguage>> = {
  typescript: 'typescript',
  ts: 'typescript',
  mts: 'typescript',
  cts: 'typescript',
  tsx: 'tsx',
  javascript: 'javascript',
  js: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  jsx: 'javascript',
  node: 'javascript',
  python: 'python',
  py: 'python',
  pyi: 'python',
  pyw: 'python',
  python3: 'python',
  go: 'go',
  golang: 'go',
  rust: 'rust',
  rs: 'rust',
  java: 'java',
  kotlin: 'kotlin',
  kt: 'kotlin',
  kts: 'kotlin',
  csharp: 'csharp',
  cs: 'csharp',
  'c#': 'csharp',
  c: 'c',
  h: 'c',
  cpp: 'cpp',
  'c++': 'cpp',
  cc: 'cpp',
  cxx: 'cpp',
  hpp: 'cpp',
  hh: 'cpp',
  ruby: 'ruby',
  rb: 'ruby',
  shell: 'shell',
  sh: 'shell',
  bash: 'shell',
  zsh: 'shell',
  php: 'php',
  swift: 'swift',
  scala: 'scala',
};

/** Maps a language id or file extension ("ts", "Python", "c++") to a CodeLanguage. */
export function normalizeLanguage(id: string): CodeLanguage | undefined {
  return ALIASES[id.trim().toLowerCase()];
}

/** The language a file path's extension names. */
export function languageFromPath(path: string): CodeLanguage | undefined {
  const base = path.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  if (dot <= 0 || dot === base.length - 1) return undefined;
  return normalizeLanguage(base.slice(dot + 1));
}

/** Content cues: each hit on a line adds to the language's score. */
const CUES: readonly { language: CodeLanguage; re: RegExp }[] = [
  { language: 'python', re: /^\s*(?:async\s+)?def \w+\s*\(.*\)?.*:\s*(?:#.*)?$/ },
  { language: 'python', re: /^\s*class \w+(?:\(.*\))?:\s*$/ },
  { language: 'python', re: /^(?:from [\w.]+ import |import [\w.]+(?: as \w+)?\s*$)/ },
  { language: 'python', re: /^\s*(?:elif .*|else|try|except(?: .*)?|finally):\s*$/ },
  { language: 'python', re: /\bself\.\w+/ },
  { language: 'python', re: /^\s*(?:[rRbBuU]?"""|>>> )|^\s*(?:if|elif|for|while|with) .*[^{]:\s*(?:#.*)?$/ },
  { language: 'python', re: /\b(?:is not None|not in|None|True|False)\b.*[^;{]$/ },
  { language: 'typescript', re: /^\s*(?:export\s+)?(?:interface|type)\s+\w+.*[={]\s*$/ },
  { language: 'typescript', re: /\w\??: (?:string|number|boolean|void|unknown|any|never)\b/ },
  { language: 'typescript', re: /^\s*(?:private|public|protected|readonly)\s+\w+/ },
  { language: 'javascript', re: /^\s*(?:export\s+)?(?:const|let|var)\s+[\w{[]/ },
  { language: 'javascript', re: /^\s*(?:export\s+)?(?:async\s+)?function\b/ },
  { language: 'javascript', re: /=>\s*[{(]?\s*$/ },
  { language: 'javascript', re: /^\s*import .* from ['"]|require\(['"]/ },
  { language: 'go', re: /^package \w+\s*$|^func (?:\(.*\) )?\w+\(/ },
  {
    language: 'rust',
    re: /^\s*(?:pub(?:\(\w+\))? )?(?:fn|struct|enum|trait|impl|mod)\b.*[{;]?\s*$|^\s*use \w+(?:::\w+)+/,
  },
  { language: 'rust', re: /\blet mut\b/ },
  {
    language: 'java',
    re: /^\s*(?:public|private|protected)\s+(?:static\s+)?(?:final\s+)?(?:class|interface|void|[\w<>[\]]+\s+\w+\s*\()/,
  },
  { language: 'java', re: /^package [\w.]+;\s*$|^import [\w.]+(?:\.\*)?;\s*$/ },
  { language: 'c', re: /^#include\s*[<"]/ },
  { language: 'cpp', re: /\bstd::|^\s*(?:template\s*<|namespace \w+\s*\{)/ },
  { language: 'ruby', re: /^\s*(?:def \w+[?!]?(?:\(.*\))?|class \w+(?: < [\w:]+)?|module \w+)\s*$/ },
  { language: 'ruby', re: /^\s*end\s*$/ },
  { language: 'shell', re: /^#!.*\b(?:ba|z)?sh\b|^\s*(?:fi|esac|done)\s*$|^\s*(?:if|while) \[\[? / },
  { language: 'php', re: /^<\?php|\$this->/ },
];
/** Lines scanned when sniffing (enough to decide, bounded for huge inputs). */
const SNIFF_LINES = 400;
/** Longest line looked at when sniffing (minified code says little per line anyway). */
const SNIFF_LINE_CHARS = 500;
/** A language needs this many cue hits to be chosen. */
const MIN_SNIFF_SCORE = 2;
/** JSX in a JavaScript-looking file: parse it with the TSX grammar only when TypeScript cues also hit. */
const JSX_CUE = /^\s*<\/?[A-Za-z][\w.-]*(?:\s+[\w-]+=|\s*\/?>|\s*$)|(?:return|=>)\s*\(?\s*<[A-Za-z]/;

/** Guesses the language of unlabelled code from its content. */
export function sniffLanguage(lines: readonly string[]): CodeLanguage {
  const score = new Map<CodeLanguage, number>();
  let jsx = 0;
  const n = Math.min(lines.length, SNIFF_LINES);
  for (let i = 0; i < n; i++) {
    const line = (lines[i] ?? '').slice(0, SNIFF_LINE_CHARS);
    for (const cue of CUES)
      if (cue.re.test(line)) score.set(cue.language, (score.get(cue.language) ?? 0) + 1);
    if (JSX_CUE.test(line)) jsx++;
  }
  // TypeScript is JavaScript plus types: its cues count for both, so TS wins only on its own hits.
  const ts = score.get('typescript') ?? 0;
  if (ts > 0) score.set('typescript', ts + (score.get('javascript') ?? 0));
  let best: CodeLanguage = 'other';
  let bestScore = MIN_SNIFF_SCORE - 1;
  for (const [language, s] of score) {
    if (s > bestScore) {
      best = language;
      bestScore = s;
    }
  }
  if (best === 'typescript' && jsx > 0) return 'tsx';
  return best;
}
