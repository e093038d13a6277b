/** Stable error codes; each maps to one process exit code in src/cli/main.ts. */
export type ErrorCode =
  | 'USAGE' // bad flags or arguments
  | 'INPUT_INVALID' // a file or stream that cannot be read as a transcript
  | 'INPUT_UNKNOWN_FORMAT'
  | 'INPUT_TOO_LARGE'
  | 'STORE_CORRUPT' // the database exists but cannot be opened or fails integrity checks
  | 'STORE_UNAVAILABLE'
  | 'NOT_FOUND' // an entry id that does not exist
  | 'BUDGET_IMPOSSIBLE' // protected content alone exceeds the budget
  | 'PROVIDER' // the model provider failed
  | 'PROVIDER_OVERFLOW' // the provider said the prompt is longer than the model's context window
  | 'OUTPUT_UNWRITABLE' // the output file cannot be written
  | 'SESSION_BUSY' // a chat session another process has open
  | 'INTERNAL';

const EXIT_CODES: Record<ErrorCode, number> = {
  USAGE: 2,
  INPUT_INVALID: 3,
  INPUT_UNKNOWN_FORMAT: 3,
  INPUT_TOO_LARGE: 3,
  STORE_CORRUPT: 4,
  STORE_UNAVAILABLE: 4,
  NOT_FOUND: 3,
  BUDGET_IMPOSSIBLE: 5,
  PROVIDER: 6,
  PROVIDER_OVERFLOW: 6,
  OUTPUT_UNWRITABLE: 1,
  SESSION_BUSY: 2,
  INTERNAL: 1,
};

export interface GardenerErrorOptions {
  /** What the user can do about it, printed after the message. */
  hint?: string;
  /** Where: a file name, optionally with a line or byte offset. */
  where?: string;
  cause?: unknown;
}

/** The one error type gardener throws on purpose. */
export class GardenerError extends Error {
  readonly code: ErrorCode;
  readonly exitCode: number;
  readonly hint: string | undefined;
  readonly where: string | undefined;

  constructor(code: ErrorCode, message: string, options: GardenerErrorOptions = {}) {
    super(options.where ? `${options.where}: ${message}` : message, { cause: options.cause });
    this.name = 'GardenerError';
    this.code = code;
    this.exitCode = EXIT_CODES[code];
    this.hint = options.hint;
    this.where = options.where;
  }
}

export function isGardenerError(error: unknown): error is GardenerError {
  return error instanceof GardenerError;
}

export function assertNever(value: never): never {
  throw new GardenerError('INTERNAL', `unexpected value: ${JSON.stringify(value)}`);
}
