import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type Parser from 'tree-sitter';
import { debug } from '../../../debug.js';
import type { ParsedLanguage } from './language.js';

type ParserClass = typeof Parser;

/**
 * Safety net only. tree-sitter's error recovery can take seconds on a few KB that are not code at
 * all; code parses at 2–5 MB/s. Past this budget the parse is abandoned and indentation folding
 * takes over, the one place where the outcome depends on the machine (see screenParse).
 */
const TIMEOUT_MICROS_PER_MB = 2_000_000;
/** Parse time allowed for any input, however small. */
const MIN_TIMEOUT_MICROS = 250_000;

let parserClass: ParserClass | undefined;
const languages = new Map<ParsedLanguage, unknown>();
const parsers = new Map<ParsedLanguage, Parser>();
const queries = new Map<string, Parser.Query>();

/** tree-sitter and each grammar load on first use only (native modules, tens of milliseconds each). */
function load(): ParserClass {
  if (parserClass) return parserClass;
  const require = createRequire(import.meta.url);
  parserClass = require('tree-sitter') as ParserClass;
  return parserClass;
}

function grammar(language: ParsedLanguage): unknown {
  let grammar = languages.get(language);
  if (grammar !== undefined) return grammar;
  const require = createRequire(import.meta.url);
  switch (language) {
    case 'typescript':
      grammar = (require('tree-sitter-typescript') as { typescript: unknown }).typescript;
      break;
    case 'tsx':
      grammar = (require('tree-sitter-typescript') as { tsx: unknown }).tsx;
      break;
    case 'javascript':
      grammar = require('tree-sitter-javascript') as unknown;
      break;
    case 'python':
      grammar = require('tree-sitter-python') as unknown;
      break;
    default: {
      const never: never = language;
      throw new Error(`no grammar for ${String(never)}`);
    }
  }
  languages.set(language, grammar);
  return grammar;
}

function parserFor(language: ParsedLanguage): Parser {
  let parser = parsers.get(language);
  if (parser) return parser;
  const ParserCtor = load();
  parser = new ParserCtor();
  parser.setLanguage(grammar(language));
  parsers.set(language, parser);
  return parser;
}

/**
 * Parses source text, or returns undefined when the grammar cannot be loaded, the parse times
 * out, or the parser throws. Never throws itself.
 */
export function parse(language: ParsedLanguage, source: string): Parser.Tree | undefined {
  let parser: Parser | undefined;
  try {
    parser = parserFor(language);
    const timeout = Math.max(
      MIN_TIMEOUT_MICROS,
      Math.round((source.length / 1_048_576) * TIMEOUT_MICROS_PER_MB),
    );
    parser.setTimeoutMicros(timeout);
    // Strings past 32 KB need an explicit buffer (UTF-16: two bytes a code unit).
    const tree = parser.parse(source, undefined, {
      bufferSize: source.length * 2 + 16,
    }) as Parser.Tree | null;
    // A parse that timed out is resumed by the parser's next call unless it is reset.
    if (tree === null) parser.reset();
    return tree ?? undefined;
  } catch (error) {
    debug('compress/code', 'tree-sitter parse failed', { language, message: String(error) });
    try {
      parser?.reset();
    } catch {
      parsers.delete(language);
    }
    return undefined;
  }
}

/** A query from `queries/<name>.scm`, compiled once for the language. */
export function query(language: ParsedLanguage, name: string): Parser.Query {
  const key = `${language}/${name}`;
  let compiled = queries.get(key);
  if (compiled) return compiled;
  const source = readFileSync(new URL(`./queries/${name}.scm`, import.meta.url), 'utf8');
  compiled = new (load().Query)(grammar(language), source);
  queries.set(key, compiled);
  return compiled;
}
