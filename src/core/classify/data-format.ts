import { sample, splitLines } from './text.js';

/** Structured data formats the classifier recognises. */
export type DataFormat = 'json' | 'jsonl' | 'yaml' | 'toml' | 'ini' | 'csv' | 'tsv' | 'xml';

/** Texts up to this size are JSON.parse'd to confirm JSON; larger ones are judged on a sample. */
const JSON_PARSE_LIMIT = 4_000_000;
/** Lines needed before line-shaped formats (JSONL, YAML, TOML, CSV) are considered. */
const MIN_LINES = 3;
/** Share of lines that must fit a line-shaped format. */
const FIT_SHARE = 0.85;
/** Delimited rows need this many fields: one comma or tab per line is too common in prose, code and gutters. */
const MIN_DELIMITED_FIELDS = 3;
/** JSONL lines checked by JSON.parse. */
const JSONL_CHECK = 50;

/** The data format of a text, or undefined when it is not structured data. */
export function detectDataFormat(text: string): DataFormat | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  if (isJson(trimmed)) return 'json';
  if (/^<\?xml\s/.test(trimmed)) return 'xml';
  const lines = splitLines(sample(trimmed)).filter((line) => line.trim() !== '');
  if (lines.length < MIN_LINES) return undefined;
  if (isJsonLines(lines)) return 'jsonl';
  if (isToml(lines)) return 'toml';
  if (isYaml(lines)) return 'yaml';
  return delimited(lines) ?? (isIni(lines) ? 'ini' : undefined);
}

function isJson(trimmed: string): boolean {
  const first = trimmed[0];
  const last = trimmed[trimmed.length - 1];
  if (!((first === '{' && last === '}') || (first === '[' && last === ']'))) return false;
  if (trimmed.length > JSON_PARSE_LIMIT) return /"[^"\n]{1,80}"\s*:/.test(sample(trimmed));
  try {
    JSON.parse(trimmed);
    return true;
  } catch {
    return false;
  }
}

function isJsonLines(lines: readonly string[]): boolean {
  for (const line of lines.slice(0, JSONL_CHECK)) {
    const t = line.trim();
    if (!(t.startsWith('{') && t.endsWith('}'))) return false;
    try {
      JSON.parse(t);
    } catch {
      return false;
    }
  }
  return true;
}

const TOML_HEADER = /^\s*\[\[?[\w.\-" ]+\]\]?\s*$/;
const TOML_PAIR = /^\s*[\w.\-"]+\s*=\s*(?:"|'|\d|true|false|\[|\{)/;
const COMMENT = /^\s*#/;

function isToml(lines: readonly string[]): boolean {
  let headers = 0;
  let fit = 0;
  for (const line of lines) {
    if (TOML_HEADER.test(line)) headers++;
    if (
      TOML_HEADER.test(line) ||
      TOML_PAIR.test(line) ||
      COMMENT.test(line) ||
      /^\s*[\]}"'\w-]+,?\s*$/.test(line)
    )
      fit++;
  }
  return headers > 0 && fit / lines.length >= FIT_SHARE;
}

const INI_HEADER = /^\[[^\]\n]+\]\s*$/;
const INI_LINE = /^(?:[\w.-]+\s*[=:]|[#;]|\s+\S)/;

/** `[section]` headers with `key = value` lines (setup.cfg, tox.ini): what TOML's stricter values miss. */
function isIni(lines: readonly string[]): boolean {
  let headers = 0;
  let fit = 0;
  for (const line of lines) {
    if (INI_HEADER.test(line)) headers++;
    else if (!INI_LINE.test(line)) continue;
    fit++;
  }
  return headers > 0 && fit / lines.length >= FIT_SHARE;
}

const YAML_KEY = /^\s*(?:- )?(?:[\w.\-/$@]+|"[^"]+"|'[^']+'):(?:\s+\S.*)?$/;
const YAML_ITEM = /^\s*- \S/;

function isYaml(lines: readonly string[]): boolean {
  let keys = 0;
  let fit = 0;
  let openers = 0;
  const names = new Set<string>();
  for (const line of lines) {
    if (line.trim() === '---' || COMMENT.test(line)) {
      fit++;
      continue;
    }
    const key = YAML_KEY.exec(line);
    if (key) {
      keys++;
      names.add(line.slice(0, line.indexOf(':')).trim());
      if (/:\s*$/.test(line)) openers++;
    }
    if (key || YAML_ITEM.test(line)) fit++;
  }
  // Flat `Word: text` lines are common in logs (`DEBUG: …`, `rm: cannot…`); YAML needs a mapping that
  // opens a block, or many distinct keys.
  const distinct = names.size >= keys / 2;
  return keys >= 2 && distinct && fit / lines.length >= FIT_SHARE && (openers > 0 || keys >= 6);
}

function delimited(lines: readonly string[]): DataFormat | undefined {
  for (const [format, separator] of [
    ['tsv', '\t'],
    ['csv', ','],
  ] as const) {
    const counts = lines.map((line) => fieldCount(line, separator));
    const first = counts[0] ?? 0;
    if (first < MIN_DELIMITED_FIELDS) continue;
    const same = counts.filter((count) => count === first).length;
    if (same / counts.length >= FIT_SHARE) return format;
  }
  return undefined;
}

/** Fields in a delimited line, honouring double quotes. */
function fieldCount(line: string, separator: string): number {
  let count = 1;
  let quoted = false;
  for (const ch of line) {
    if (ch === '"') quoted = !quoted;
    else if (ch === separator && !quoted) count++;
  }
  return count;
}
