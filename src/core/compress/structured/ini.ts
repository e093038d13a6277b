import { setKey } from './value.js';
import type { Json, JsonObject } from './value.js';

/**
 * INI-family configuration: `.ini`, `.cfg` (setup.cfg, tox.ini), `.editorconfig`, `.gitconfig`,
 * `.properties`, `.env`. Sections in brackets, `key = value` or `key: value` pairs, `#`/`;`
 * comments, indented continuation lines (Python's configparser), bare flags (my.cnf) and
 * `export KEY=value` (dotenv). Hand-written: the `ini` package has no continuation lines, which
 * setup.cfg and tox.ini rely on, and it reads any line at all as a key.
 */

/** Share of significant lines that may fail to parse before the text is judged not INI. */
const MAX_STRAY_SHARE = 0.1;

const SECTION = /^\[([^\]\n]+)\]\s*(?:[#;].*)?$/;
const PAIR = /^(?:export\s+)?([^\s=:[#;][^=:]*?)\s*[=:]\s?(.*)$/;
const FLAG = /^[\w.-]+$/;
const COMMENT = /^[#;]/;

export interface IniOptions {
  /** Without a path that says INI, a section header is required and every line must fit. */
  strict: boolean;
}

/** The sections and keys of an INI-family text as a JSON object, or undefined when it is not one. */
export function parseIni(text: string, { strict }: IniOptions): JsonObject | undefined {
  const root: JsonObject = {};
  let section: JsonObject = root;
  let lastKey: string | undefined;
  let significant = 0;
  let stray = 0;
  let sections = 0;
  let keys = 0;
  for (const raw of text.replace(/^\uFEFF/, '').split('\n')) {
    const line = raw.trimEnd();
    if (line.trim() === '') {
      lastKey = undefined;
      continue;
    }
    if (/^\s/.test(line) && lastKey !== undefined) {
      appendContinuation(section, lastKey, line.trim());
      continue;
    }
    const trimmed = line.trim();
    if (COMMENT.test(trimmed)) continue;
    // gardener's own `… 3 more keys` line: a summary, not a file.
    if (trimmed.startsWith('…')) return undefined;
    significant++;
    const header = SECTION.exec(trimmed);
    if (header) {
      const name = header[1]!.trim();
      const known = ownValue(root, name);
      if (isObjectValue(known)) section = known;
      else setKey(root, name, (section = {}));
      sections++;
      lastKey = undefined;
      continue;
    }
    const pair = PAIR.exec(trimmed);
    if (pair) {
      lastKey = pair[1]!.trim();
      setKey(section, lastKey, unquote(pair[2]!.trim()));
      keys++;
      continue;
    }
    if (FLAG.test(trimmed)) {
      lastKey = undefined;
      setKey(section, trimmed, true);
      keys++;
      continue;
    }
    stray++;
    lastKey = undefined;
  }
  if (keys === 0 || significant < 2) return undefined;
  if (strict && (sections === 0 || stray > 0)) return undefined;
  if (stray / significant > MAX_STRAY_SHARE) return undefined;
  return root;
}

function appendContinuation(section: JsonObject, key: string, line: string): void {
  const value = ownValue(section, key);
  if (Array.isArray(value)) value.push(line);
  else if (value === '' || value === undefined || value === true) setKey(section, key, [line]);
  else if (typeof value === 'string') setKey(section, key, [value, line]);
  else setKey(section, key, [line]);
}

function ownValue(object: JsonObject, key: string): Json | undefined {
  return Object.hasOwn(object, key) ? object[key] : undefined;
}

function isObjectValue(value: Json | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `"a b"` and `'a b'` (dotenv, gitconfig) lose their quotes; anything else stays as written. */
function unquote(value: string): string {
  const match = /^"([^"]*)"$|^'([^']*)'$/.exec(value);
  return match ? (match[1] ?? match[2])! : value;
}
