/** Language ids by file extension (lower case, without the dot). */
const BY_EXTENSION: Readonly<Record<string, string>> = {
  ts: 'typescript',
  mts: 'typescript',
  cts: 'typescript',
  tsx: 'tsx',
  js: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  jsx: 'javascript',
  py: 'python',
  pyi: 'python',
  pyx: 'python',
  java: 'java',
  kt: 'kotlin',
  kts: 'kotlin',
  scala: 'scala',
  go: 'go',
  rs: 'rust',
  c: 'c',
  h: 'c',
  cc: 'cpp',
  cpp: 'cpp',
  cxx: 'cpp',
  hpp: 'cpp',
  hh: 'cpp',
  cs: 'csharp',
  rb: 'ruby',
  php: 'php',
  swift: 'swift',
  m: 'objective-c',
  sh: 'shell',
  bash: 'shell',
  zsh: 'shell',
  fish: 'shell',
  ps1: 'powershell',
  lua: 'lua',
  r: 'r',
  pl: 'perl',
  pm: 'perl',
  ex: 'elixir',
  exs: 'elixir',
  erl: 'erlang',
  hs: 'haskell',
  ml: 'ocaml',
  clj: 'clojure',
  dart: 'dart',
  zig: 'zig',
  sql: 'sql',
  vue: 'vue',
  svelte: 'svelte',
  html: 'html',
  htm: 'html',
  css: 'css',
  scss: 'scss',
  less: 'less',
  json: 'json',
  jsonl: 'jsonl',
  ndjson: 'jsonl',
  yaml: 'yaml',
  yml: 'yaml',
  toml: 'toml',
  csv: 'csv',
  tsv: 'tsv',
  xml: 'xml',
  md: 'markdown',
  markdown: 'markdown',
  mdx: 'markdown',
  rst: 'restructuredtext',
  txt: 'text',
  log: 'log',
  ini: 'ini',
  cfg: 'ini',
  conf: 'ini',
  properties: 'ini',
  editorconfig: 'ini',
};

/** Whole file names that say their language without an extension. */
const BY_NAME: Readonly<Record<string, string>> = {
  makefile: 'make',
  gnumakefile: 'make',
  dockerfile: 'dockerfile',
  'cmakelists.txt': 'cmake',
  'package.json': 'json',
  'tsconfig.json': 'json',
  'cargo.toml': 'toml',
  'pyproject.toml': 'toml',
  'go.mod': 'go-mod',
  // Lock files: TOML or JSON under a name of their own.
  'uv.lock': 'toml',
  'poetry.lock': 'toml',
  'cargo.lock': 'toml',
  'pdm.lock': 'toml',
  'pipfile.lock': 'json',
  '.gitignore': 'ignore',
  '.dockerignore': 'ignore',
  '.npmignore': 'ignore',
  '.eslintignore': 'ignore',
  '.prettierignore': 'ignore',
  '.stylelintignore': 'ignore',
  '.hgignore': 'ignore',
  '.gcloudignore': 'ignore',
  '.vercelignore': 'ignore',
  '.helmignore': 'ignore',
  '.slugignore': 'ignore',
  '.rgignore': 'ignore',
  '.ignore': 'ignore',
  '.env': 'dotenv',
  // INI-family dotfiles, and names whose extension says nothing.
  '.flake8': 'ini',
  '.pylintrc': 'ini',
  pylintrc: 'ini',
  '.coveragerc': 'ini',
  '.npmrc': 'ini',
  '.gitconfig': 'ini',
  '.gitmodules': 'ini',
  '.pypirc': 'ini',
  '.bumpversion.cfg': 'ini',
};

/** Languages whose files are source code (as opposed to data, markup for prose, or logs). */
const CODE_LANGUAGES = new Set([
  'typescript',
  'tsx',
  'javascript',
  'python',
  'java',
  'kotlin',
  'scala',
  'go',
  'rust',
  'c',
  'cpp',
  'csharp',
  'ruby',
  'php',
  'swift',
  'objective-c',
  'shell',
  'powershell',
  'lua',
  'r',
  'perl',
  'elixir',
  'erlang',
  'haskell',
  'ocaml',
  'clojure',
  'dart',
  'zig',
  'sql',
  'vue',
  'svelte',
  'html',
  'css',
  'scss',
  'less',
  'make',
  'dockerfile',
  'cmake',
]);

/** Languages that hold structured data. */
const DATA_LANGUAGES = new Set([
  'json',
  'jsonl',
  'yaml',
  'toml',
  'csv',
  'tsv',
  'xml',
  'ini',
  'go-mod',
  'dotenv',
  'ignore',
]);

/** Languages that hold prose. */
const PROSE_LANGUAGES = new Set(['markdown', 'restructuredtext', 'text']);

/**
 * The language id of a file path from its name or extension ("typescript", "python", "json"…),
 * or undefined when the path says nothing. Works on POSIX and Windows paths.
 */
export function languageOfPath(path: string): string | undefined {
  const base = path.trim().split(/[\\/]/).pop()?.toLowerCase() ?? '';
  if (base === '') return undefined;
  const byName = BY_NAME[base];
  if (byName !== undefined) return byName;
  // .env.local, .env.example, .env.production…
  if (base.startsWith('.env.')) return 'dotenv';
  const dot = base.lastIndexOf('.');
  if (dot < 0 || dot === base.length - 1) return undefined;
  return BY_EXTENSION[base.slice(dot + 1)];
}

/** What kind of content a language id stands for. */
export type LanguageKind = 'code' | 'data' | 'prose' | 'log';

/** The kind of a language id, or undefined for an unknown id. */
export function kindOfLanguage(language: string): LanguageKind | undefined {
  if (CODE_LANGUAGES.has(language)) return 'code';
  if (DATA_LANGUAGES.has(language)) return 'data';
  if (PROSE_LANGUAGES.has(language)) return 'prose';
  if (language === 'log') return 'log';
  return undefined;
}
