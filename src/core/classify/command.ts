/** What a shell command's output most likely is, judged from the command line alone. */
export interface CommandShape {
  /** `file`: the output is (part of) a file; `log`: tool or build output; `unknown`: judge by content. */
  kind: 'file' | 'log' | 'unknown';
  /** For `file`: the path that was read. */
  path?: string;
  /** The program of the statement that decided (after wrappers such as `uv run` are removed). */
  program?: string;
}

/** Programs whose output is a log (test, build, install, VCS, listing, search, network…). */
const LOG_PROGRAMS = new Set(
  (
    'pytest py.test tox nox jest vitest mocha ava karma cargo go make cmake ninja gradle gradlew mvn mvnw ant ' +
    'bazel pip pip3 uv poetry pdm conda mamba npm pnpm yarn bun deno tsc eslint prettier ruff flake8 pylint ' +
    'mypy pyright black isort pre-commit act docker docker-compose podman kubectl helm terraform git hg svn ls ' +
    'll find fd tree du df grep egrep rg ag ack ps env printenv which whereis wc diff apt apt-get brew dnf yum ' +
    'pacman rustc gcc g++ clang javac dotnet swift ghc stack mix composer bundle rake rspec phpunit ctest ' +
    'runtests.py ssh scp rsync curl wget ping systemctl journalctl dmesg strace coverage pip-compile setup.py'
  ).split(' '),
);

/** Programs that print a file (or part of it) given as an argument. */
const FILE_READERS = new Set([
  'cat',
  'head',
  'tail',
  'sed',
  'nl',
  'less',
  'more',
  'bat',
  'batcat',
  'view',
  'open',
  'type',
]);

/** Wrappers that run the command that follows them. */
const WRAPPERS = new Set([
  'sudo',
  'time',
  'nice',
  'nohup',
  'exec',
  'command',
  'builtin',
  'xargs',
  'npx',
  'bunx',
  'pnpx',
]);
/** Two-word wrappers: `uv run`, `poetry run`, `pnpm exec`… */
const RUNNERS =
  /^(?:uv|poetry|pipenv|pdm|hatch|rye|pnpm|yarn|npm|bundle|conda)\s+(?:run|exec)\s+(?:--\S+\s+)*/;

/** Judges a shell command line. Only the command text is used; nothing is executed. */
export function analyseCommand(command: string): CommandShape {
  const statements = splitStatements(stripHeredocs(command));
  let shape: CommandShape = { kind: 'unknown' };
  for (const statement of statements) {
    const producer = statement.split(/(?<!\|)\|(?!\|)/)[0] ?? '';
    const tokens = tokenize(producer);
    if (writesStdoutToFile(tokens)) continue;
    const words = unwrap(tokens.filter((word) => !/^\d?>/.test(word) && !/^</.test(word)));
    const program = programName(words[0]);
    if (
      program === undefined ||
      program === 'cd' ||
      program === 'echo' ||
      program === 'printf' ||
      program === 'export'
    )
      continue;
    const file = fileRead(program, words);
    if (file !== undefined) {
      shape = { kind: 'file', path: file, program };
      continue;
    }
    if (LOG_PROGRAMS.has(program) || /^(?:test|run)[-_]?tests?/.test(program))
      return { kind: 'log', program };
    if (program === 'python' || program === 'python3' || program === 'node') {
      const module = words[1] === '-m' ? words[2] : undefined;
      if (module !== undefined && LOG_PROGRAMS.has(module)) return { kind: 'log', program: module };
    }
    shape = { kind: 'unknown', program };
  }
  return shape;
}

function fileRead(program: string, words: readonly string[]): string | undefined {
  if (program === 'git' && words[1] === 'show') {
    const spec = words.find((word, i) => i > 1 && /^[^-].*:.+/.test(word));
    return spec?.slice(spec.indexOf(':') + 1);
  }
  if (!FILE_READERS.has(program)) return undefined;
  if (program === 'sed' && !words.includes('-n')) return undefined;
  if (program === 'tail' && (words.includes('-f') || words.includes('-F'))) return undefined;
  const args = words
    .slice(1)
    .filter((word) => !word.startsWith('-') && !/^['"]?\d+(?:,\d+)?p?['"]?$/.test(word));
  const path = args.filter((word) => /[\w)]\.[\w]+$|\//.test(word) && !/^['"]/.test(word)).pop();
  return path;
}

/** `cmd > file` prints nothing; `2>&1`, `2>/dev/null` keep stdout. */
function writesStdoutToFile(tokens: readonly string[]): boolean {
  return tokens.some((word) => /^(?:1?>>?|&>)/.test(word) && !/^>&/.test(word));
}

function programName(word: string | undefined): string | undefined {
  if (word === undefined || word === '') return undefined;
  const base = word.split('/').pop() ?? word;
  return base === '' ? undefined : base;
}

/** Drops environment assignments and wrappers (`FOO=1 sudo timeout 60 uv run pytest` → `pytest`). */
function unwrap(words: string[]): string[] {
  let i = 0;
  while (i < words.length) {
    const word = words[i] ?? '';
    if (/^[A-Za-z_][A-Za-z0-9_]*=/.test(word) || WRAPPERS.has(word)) i++;
    else if (word === 'timeout' || word === 'nice') i += words[i + 1]?.match(/^-?\d/) ? 2 : 1;
    else break;
  }
  const rest = words.slice(i).join(' ');
  const runner = RUNNERS.exec(rest);
  return runner ? tokenize(rest.slice(runner[0].length)) : words.slice(i);
}

/** Splits on whitespace outside quotes; quotes are kept on the word. */
function tokenize(text: string): string[] {
  return text.match(/(?:[^\s'"]+|'[^']*'?|"(?:\\.|[^"\\])*"?)+/g) ?? [];
}

function splitStatements(command: string): string[] {
  return command
    .split(/&&|\|\||;|\n/)
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

/** Removes heredoc bodies (`<<'EOF' … EOF`), which are data, not commands. */
function stripHeredocs(command: string): string {
  return command.replace(/<<-?\s*(['"]?)(\w+)\1([^\n]*)\n[\s\S]*?\n\s*\2\s*(?:\n|$)/g, ' $3\n');
}
