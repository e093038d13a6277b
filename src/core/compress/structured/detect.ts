import { createRequire } from 'node:module';
import type * as Toml from 'smol-toml';
import type * as Yaml from 'yaml';
import { languageOfPath } from '../../classify/index.js';
import { assertNever } from '../../../errors.js';
import { parseTable } from './csv.js';
import { parseIni } from './ini.js';
import type { Table } from './csv.js';
import { isContainer, toJson } from './value.js';
import type { Json } from './value.js';

/** The YAML and TOML parsers load when a text first looks like YAML or TOML (a log never pays for them). */
const require = createRequire(import.meta.url);
let yaml: typeof Yaml | undefined;
let toml: typeof Toml | undefined;
const loadYaml = () => (yaml ??= require('yaml') as typeof Yaml);
const loadToml = () => (toml ??= require('smol-toml') as typeof Toml);

export type StructuredFormat = 'json' | 'jsonl' | 'yaml' | 'toml' | 'ini' | 'csv' | 'tsv';

export type Parsed = ParsedTree | ParsedLines | ParsedTable;
/** JSON Lines; `cutOff` holds a last line that does not parse (output cut mid-record). */
export type ParsedLines = { format: 'jsonl'; items: Json[]; cutOff?: string };
export type ParsedTree = { format: 'json' | 'yaml' | 'toml' | 'ini'; value: Json; documents?: number };
export type ParsedTable = { format: 'csv'; table: Table } | { format: 'tsv'; table: Table };

/** JSON Lines needs at least this many records. */
const MIN_JSONL_LINES = 2;
/** YAML aliases expanded at most this many times (a billion-laughs guard). */
const YAML_MAX_ALIASES = 100;
/**
 * The yaml parser reads about 0.5 MB/s; longer YAML gets the line-based reduction instead of
 * stalling the compressor for seconds.
 */
const YAML_MAX_CHARS = 256_000;
/** Share of significant lines that must look like `key = value` or `[table]` for TOML. */
const TOML_LINE_SHARE = 0.5;

const EXTENSION_FORMATS: Readonly<Record<string, StructuredFormat>> = {
  json: 'json',
  jsonc: 'json',
  geojson: 'json',
  har: 'json',
  ipynb: 'json',
  jsonl: 'jsonl',
  ndjson: 'jsonl',
  yaml: 'yaml',
  yml: 'yaml',
  toml: 'toml',
  csv: 'csv',
  tsv: 'tsv',
};

/** Languages (classify/language.ts) read as INI: `.ini`, `.cfg`, `.env`, `.editorconfig`… */
const INI_LANGUAGES = new Set(['ini', 'dotenv']);

/**
 * Parses JSON, JSON Lines, YAML, TOML, INI, CSV or TSV; the format the path names is tried first.
 * Without that hint, INI is tried last and only in its strict form (sections, every line fits).
 */
export function parseStructured(text: string, path?: string): Parsed | undefined {
  const hinted = path ? formatOfPath(path) : undefined;
  const order: StructuredFormat[] = ['json', 'jsonl', 'toml', 'yaml', 'tsv', 'csv', 'ini'];
  if (hinted) order.unshift(hinted);
  for (const format of new Set(order)) {
    const parsed = tryFormat(text, format, format === hinted);
    if (parsed) return parsed;
  }
  return undefined;
}

function formatOfPath(path: string): StructuredFormat | undefined {
  const ext = /\.([A-Za-z]+)$/.exec(path)?.[1]?.toLowerCase();
  const byExtension = ext ? EXTENSION_FORMATS[ext] : undefined;
  if (byExtension) return byExtension;
  const language = languageOfPath(path);
  return language !== undefined && INI_LANGUAGES.has(language) ? 'ini' : undefined;
}

function tryFormat(text: string, format: StructuredFormat, hinted: boolean): Parsed | undefined {
  switch (format) {
    case 'json': {
      const value = parseJsonContainer(text);
      return value === undefined ? undefined : { format, value };
    }
    case 'jsonl':
      return parseJsonLines(text);
    case 'yaml':
      return parseYaml(text);
    case 'toml': {
      const value = parseTomlText(text);
      return value === undefined ? undefined : { format, value };
    }
    case 'ini': {
      const value = parseIni(text, { strict: !hinted });
      return value === undefined ? undefined : { format, value };
    }
    case 'csv':
    case 'tsv': {
      const table = parseTable(text, format === 'csv' ? ',' : '\t');
      if (!table) return undefined;
      return table.delimiter === ',' ? { format: 'csv', table } : { format: 'tsv', table };
    }
    default:
      return assertNever(format);
  }
}

function parseJsonContainer(text: string): Json | undefined {
  const trimmed = text.trim();
  if (!/^[[{]/.test(trimmed)) return undefined;
  try {
    const value = JSON.parse(trimmed) as Json;
    return isContainer(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

function parseJsonLines(text: string): ParsedLines | undefined {
  const lines = text.split('\n').filter((line) => line.trim() !== '');
  const items: Json[] = [];
  for (const [i, line] of lines.entries()) {
    const value = parseJsonContainer(line);
    if (value !== undefined) {
      items.push(value);
      continue;
    }
    const last = i === lines.length - 1 && /^\s*[[{]/.test(line);
    if (!last || items.length < MIN_JSONL_LINES) return undefined;
    return { format: 'jsonl', items, cutOff: line.trim() };
  }
  return items.length >= MIN_JSONL_LINES ? { format: 'jsonl', items } : undefined;
}

/** Lines at column 0 of a YAML document: keys, list items, comments, document markers. */
const YAML_TOP_LINE =
  /^(?:#|---|\.\.\.|%|- |-$|[^\s#:{}[\],&*!|>'"%@`][^:]*:(?:\s|$)|"[^"]*"\s*:|'[^']*'\s*:)/;

function parseYaml(text: string): Parsed | undefined {
  if (text.length > YAML_MAX_CHARS) return undefined;
  const lines = text.split('\n').filter((line) => line.trim() !== '');
  if (lines.length < 2) return undefined;
  if (!lines.every((line) => /^\s/.test(line) || YAML_TOP_LINE.test(line))) return undefined;
  if (!lines.some((line) => /^[^\s#-][^:]*:(?:\s|$)|^- /.test(line))) return undefined;
  const docs = loadYaml().parseAllDocuments(text, {
    logLevel: 'silent',
    uniqueKeys: false,
    prettyErrors: false,
  });
  if (!Array.isArray(docs) || docs.length === 0) return undefined;
  const values: Json[] = [];
  for (const doc of docs) {
    if (doc.errors.length > 0) return undefined;
    values.push(toJson(doc.toJS({ maxAliasCount: YAML_MAX_ALIASES })));
  }
  const value = values.length === 1 ? values[0]! : values.filter((v) => v !== null);
  if (!isContainer(value)) return undefined;
  return values.length === 1
    ? { format: 'yaml', value }
    : { format: 'yaml', value, documents: values.length };
}

function parseTomlText(text: string): Json | undefined {
  const lines = text.split('\n').filter((line) => line.trim() !== '' && !line.trim().startsWith('#'));
  if (lines.length === 0) return undefined;
  const tomlish = lines.filter((line) =>
    /^\s*(?:\[\[?[^\]]+\]\]?\s*(?:#.*)?$|[\w."'-]+\s*=)/.test(line),
  ).length;
  if (tomlish / lines.length < TOML_LINE_SHARE) return undefined;
  try {
    const value = toJson(loadToml().parse(text));
    return isContainer(value) && Object.keys(value).length > 0 ? value : undefined;
  } catch {
    return undefined;
  }
}
