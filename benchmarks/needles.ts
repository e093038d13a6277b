/**
 * Needles: the strings a summary of each class must keep (benchmarks/compressors.ts reports the
 * share kept). Written independently of the compressors' own parsers, so that a parser that
 * misses something is caught rather than excused.
 */

/** `path/to/file.ext:123`, not inside a URL. */
const PATH_LINE = /(?<![:\w/.@~+-])\/?(?:[\w.@~+-]+\/)*[\w.@+-]*\w\.[A-Za-z]\w{0,7}:\d+/g;
/** Installed packages, standard libraries and runtimes: locations there are not needles. */
const LIBRARY =
  /site-packages|dist-packages|node_modules|\/lib\/python\d|<frozen|\/usr\/(?:local\/)?lib\/|\/rustc\/|\.cargo\/registry|\/go\/pkg\/mod|node:internal/;
/** An exception or error type name. */
const ERROR_TYPE = /\b[A-Z][A-Za-z0-9_]*(?:Error|Exception)\b/g;

const FAILING_TEST: readonly RegExp[] = [
  /^(?:FAILED|ERROR) (\S+?)(?: - .*)?$/gm, // pytest short summary
  /^(\S+::\S+) (?:FAILED|ERROR)\b/gm, // pytest -v
  // pytest failure sections (pytest-cov's `___ coverage: platform … ___` title is not one)
  /^_+ (?:ERROR at (?:setup|teardown) of |ERROR collecting )?(?!_ |coverage: )(\S.*?) _+$/gm,
  /^(?:FAIL|ERROR): (\w+)/gm, // unittest
  /^\s*--- FAIL: (\S+)/gm, // go test
  /^test (\S+) \.\.\. FAILED$/gm, // cargo test
  /^\s*[✕×✗] (.+?)(?: \(\d+(?:\.\d+)? ?m?s\))?$/gm, // jest, vitest
];

/** The test's own name (last `::` or dotted component, brackets kept whole). */
export function testName(id: string): string {
  if (id.includes('::')) return id.slice(id.lastIndexOf('::') + 2);
  let depth = 0;
  let cut = -1;
  for (let i = 0; i < id.length; i++) {
    const ch = id[i];
    if (ch === '[' || ch === '(') depth++;
    else if ((ch === ']' || ch === ')') && depth > 0) depth--;
    else if (ch === '.' && depth === 0) cut = i;
  }
  return id.slice(cut + 1);
}

function distinct(values: Iterable<string>): string[] {
  return [...new Set(values)].filter((value) => value !== '');
}

/** Log needles by kind: failing test names, error types, `path:line` locations outside library code. */
export function logNeedleKinds(text: string): { tests: string[]; types: string[]; locations: string[] } {
  const names: string[] = [];
  for (const pattern of FAILING_TEST)
    for (const match of text.matchAll(pattern)) if (match[1] !== undefined) names.push(testName(match[1]));
  return {
    tests: distinct(names),
    types: distinct([...text.matchAll(ERROR_TYPE)].map((m) => m[0])),
    locations: distinct(projectLocations(text)),
  };
}

/** Log needles: failing test names, error types, `path:line`. */
export function logNeedles(text: string): string[] {
  const { tests, types, locations } = logNeedleKinds(text);
  return distinct([...tests, ...types, ...locations]);
}

/** `path:line` locations outside library code. */
export function projectLocations(text: string): string[] {
  return [...text.matchAll(PATH_LINE)].map((m) => m[0]).filter((loc) => !LIBRARY.test(loc));
}

/** Share of needles present in a summary (1 when there are none). */
export function keptShare(needles: readonly string[], summary: string): { kept: number; total: number } {
  let kept = 0;
  for (const needle of needles) if (summary.includes(needle)) kept++;
  return { kept, total: needles.length };
}

/** Characters of an exception line a summary must keep (its type and the start of its message). */
const MESSAGE_NEEDLE = 100;

const EXCEPTION_LINES: readonly RegExp[] = [
  /^([A-Za-z_][\w.]*(?:Error|Exception|Warning|Exit|Interrupt|StopIteration)\b(?::.*)?)$/gm, // Python, Node
  /^(?:Exception in thread "[^"]*" )?((?:[a-z_$][\w$]*\.)+[A-Z][\w$]*(?:Exception|Error|Throwable)\b(?::.*)?)$/gm, // Java
  /^\s*(?:Caused by: |\[cause\]: )(.+)$/gm, // Java, Node causes
  /^((?:panic|fatal error): .+)$/gm, // Go
  /^(thread '[^']*' panicked at .+)$/gm, // Rust
];

const FRAMES: readonly RegExp[] = [
  /File "([^"]+)", line (\d+)/g, // Python: kept as `File "path", line N`
  /^\s+at (?:.+? \()?([^()\s]+:\d+:\d+)\)?$/gm, // Node
  /^\s+at ([\w$.<>/-]+\([\w$.-]+:\d+\))$/gm, // Java
  /^\t(\S+\.go:\d+)/gm, // Go
  /^\s+at (\S+\.rs:\d+:\d+)$/gm, // Rust
];

/** Error needles: exception types, exception lines (first 100 characters) and project frames. */
export function errorNeedles(text: string): { messages: string[]; frames: string[] } {
  const messages: string[] = [...text.matchAll(ERROR_TYPE)].map((m) => m[0]);
  for (const pattern of EXCEPTION_LINES) {
    for (const match of text.matchAll(pattern))
      if (match[1] !== undefined) messages.push(match[1].trim().slice(0, MESSAGE_NEEDLE));
  }
  const frames: string[] = [];
  for (const pattern of FRAMES) {
    for (const match of text.matchAll(pattern)) {
      const line = match[0];
      if (
        LIBRARY.test(line) ||
        /^\s+at (?:java|javax|jdk|sun|kotlin|scala|org\.junit|org\.apache|org\.springframework)\./.test(line)
      )
        continue;
      frames.push(match[2] !== undefined ? `File "${match[1] ?? ''}", line ${match[2]}` : (match[1] ?? ''));
    }
  }
  return { messages: distinct(messages), frames: distinct(frames) };
}
