/** Line patterns of stack traces and exceptions, by language. */

export type TraceLanguage = 'python' | 'node' | 'java' | 'go' | 'rust';

/** A line that starts a stack trace. */
const TRACE_START: ReadonlyArray<readonly [TraceLanguage, RegExp]> = [
  ['python', /^\s*Traceback \(most recent call last\):\s*$/],
  [
    'java',
    /^(?:Exception in thread "[^"]*" )?(?:[a-z_$][\w$]*\.)+[A-Z][\w$]*(?:Exception|Error|Throwable)(?::.*)?$/,
  ],
  ['go', /^(?:panic: .+|fatal error: .+)$/],
  ['rust', /^thread '[^']*' panicked at /],
  ['node', /^(?:Uncaught )?(?:[A-Z]\w*)?(?:Error|Exception)(?: \[[\w-]+\])?(?::.*)?$/],
];

/** A stack frame line. */
export const FRAME_LINE: ReadonlyArray<readonly [TraceLanguage, RegExp]> = [
  ['python', /^\s*File "[^"]+", line \d+(?:, in .+)?$/],
  ['node', /^\s+at (?:.+ \()?(?:[^()]+):\d+:\d+\)?(?: \{)?$|^\s+at (?:.+ \()?(?:native|<anonymous>)\)?$/],
  ['java', /^\s+at [\w$.<>/-]+\((?:[^()]*)\)$|^\s+\.\.\. \d+ (?:more|common frames omitted)$/],
  ['go', /^\t\S+\.go:\d+(?: \+0x[0-9a-f]+)?$/],
  ['rust', /^\s+\d+: (?:0x[0-9a-f]+ - )?\S+$|^\s+at \S+\.rs:\d+(?::\d+)?$/],
];

/** The line that names a Python exception at the end of a traceback (`ValueError: bad`). */
export const PYTHON_EXCEPTION_LINE =
  /^(?:[A-Za-z_][\w]*\.)*[A-Z]\w*(?:Error|Exception|Warning|Exit|Interrupt|Iteration|Failure|Fault)\b(?::.*)?$|^[A-Z]\w*: .+$/;

/** Lines that link one exception to the next in a chain. */
export const CHAIN_LINE =
  /^\s*(?:Caused by: .+|During handling of the above exception, another exception occurred:|The above exception was the direct cause of the following exception:|\[cause\]: .+|Caused by:)$/;

/** The trace language of a frame line, if it is one. */
export function frameLanguage(line: string): TraceLanguage | undefined {
  for (const [language, pattern] of FRAME_LINE) if (pattern.test(line)) return language;
  return undefined;
}

/** The trace language of a trace start line, if it is one. */
export function traceStartLanguage(line: string): TraceLanguage | undefined {
  for (const [language, pattern] of TRACE_START) if (pattern.test(line)) return language;
  return undefined;
}
