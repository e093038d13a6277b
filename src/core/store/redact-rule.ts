/** What a redaction rule is, and the checks rules share on what they found. */

export interface Rule {
  kind: string;
  /**
   * Global. Groups named `secret…` (with the `d` flag) mark the secret inside the match: the first
   * that took part is replaced, the rest of the match kept. Without them the whole match goes.
   */
  pattern: RegExp;
  /** Returns false to leave a match alone (a placeholder, a variable, a type name). */
  accept?: (secret: string, before: string) => boolean;
}

/** A redaction marker on its own: running the rules again must not count it twice. */
export const ALREADY_REDACTED = /^\[REDACTED:[a-z-]+\]$/;

/** 40 random base64 characters have upper, lower case and a digit; a git SHA (hex) or a word does not. */
export function randomBase64(secret: string): boolean {
  return /[A-Z]/.test(secret) && /[a-z]/.test(secret) && /\d/.test(secret);
}

/** A random token has a digit and a letter; a name or a word made of one kind does not. */
export function mixedToken(secret: string): boolean {
  return /\d/.test(secret) && /[A-Za-z]/.test(secret);
}

/** Bare values that are code or placeholders, not secrets: `$VAR`, `%s`, `{x}`, `<token>`, `***`, `None`… */
const PLACEHOLDER =
  /^(?:[$%{[<*=]|(?:null|none|nil|true|false|undefined|str|string|bytes|int|bool|optional|any|secretstr|required|redacted|x+|\*+|\.+|…)$)/i;
/** The word standing for the value in documentation: `-p PASSWORD`, `-u user:password`, `YOUR_TOKEN`. */
const NAMED_PLACEHOLDER =
  /^(?:your|my|the|new|db|user)?[_-]?(?:password|passwd|pass|pw|pwd|secret|token)s?[.,;:!?]?$/i;
/** `pwd = /home/me` (the working folder, not a password). */
const PATH = /^(?:~|\.{1,2})?\/[\w.@-]+(?:\/[\w.@-]*)*$/;
/** `password = self.password`, `password: opts.password`… */
const CODE_REFERENCE =
  /^(?:self|this|os|process|config|cfg|settings|args|opts|options|env|req|request|params|form|data|user|ctx|props)\./i;

/** A password value that is not code, a type or a placeholder. */
export function plausiblePassword(secret: string, before: string): boolean {
  if (secret.length === 0) return false;
  // `password: Secret` after a colon, unquoted and capitalized, is a type annotation.
  if (!/["'`]$/.test(before) && /:\s*$/.test(before) && /^[A-Z][A-Za-z]*$/.test(secret)) return false;
  if (PLACEHOLDER.test(secret) || NAMED_PLACEHOLDER.test(secret)) return false;
  if (CODE_REFERENCE.test(secret) || PATH.test(secret)) return false;
  return !/[()]|…|\.\.\./.test(secret);
}

/**
 * Names and words, not keys: `sort_key`, `your-api-key-here`, `AccessToken`, `OPENAI_API_KEY`,
 * `changeme`. A random key of 8 characters or more almost always breaks these shapes.
 */
const WORD_SHAPED =
  /^(?:\p{Ll}+(?:[_.-]\p{Ll}+)*|_*\p{Lu}[\p{Lu}\d]*(?:_[\p{Lu}\d]+)+|\p{L}\p{Ll}+(?:\p{Lu}\p{Ll}+)*|[A-Za-z_$][\w$]*(?:\??\.[A-Za-z_$][\w$]*)+)$/u;
/** A path, a file name, a URL, a number or a version is configuration, not a credential. */
const NOT_A_KEY =
  /^(?:(?:~|\.{1,2})?\/|\d+(?:\.\d+)*$|v\d+(?:\.\d+)*$)|:\/\/|^[\w.-]*\/[\w./-]*\.[A-Za-z]{1,5}$/;
/**
 * Shortest value taken for a key or token named by its variable: issued keys and tokens are longer
 * (32 hex, a UUID, 40 base64…), while a short value beside such a name is mostly a code or a label.
 */
const MIN_CREDENTIAL_CHARS = 16;

/** A value assigned to a variable named like a key or token that looks like one: long, not a word. */
export function plausibleCredential(secret: string, before: string): boolean {
  if (secret.length < MIN_CREDENTIAL_CHARS || /\s/.test(secret)) return false;
  if (WORD_SHAPED.test(secret) || NOT_A_KEY.test(secret)) return false;
  return plausiblePassword(secret, before);
}

/** A password met in a sentence: quoted, or a token no word looks like (a digit, a symbol, an inner capital). */
export function plausibleSpokenPassword(secret: string, before: string): boolean {
  if (!plausiblePassword(secret, before)) return false;
  if (/["'`“‘]$/.test(before)) return true;
  if (secret.length < 6) return false;
  return /\d|[^A-Za-z'-]|.[A-Z]/.test(secret);
}
