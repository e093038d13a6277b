import { open, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { GardenerError } from '../../errors.js';
import { subagentFiles } from './read-input.js';

/** One session to read: a file, and for a Claude Code session its subagent logs. */
export interface SessionPath {
  path: string;
  subagents: string[];
}

/** Extensions a session file may have. */
const SESSION_EXTENSIONS = ['.jsonl', '.json', '.traj', '.md'];
/** Files that sit beside sessions but are not sessions. */
const NOT_SESSIONS = [
  /\.meta\.json$/i,
  /^results_summary\.json$/i,
  /^package(-lock)?\.json$/i,
  /^tsconfig.*\.json$/i,
  /^(readme|changelog|license|sources|contributing)\b.*\.md$/i,
];
/** Bytes of a markdown file read to see whether it is an aider chat. */
const MARKDOWN_PROBE = 64 * 1024;

/**
 * Expands files and folders (recursively, hidden entries and node_modules skipped) into session
 * files, sorted: `.jsonl`, `.json`, `.traj` and aider `.md` chats, leaving out files that are
 * obviously not sessions (`*.meta.json`, `results_summary.json`, READMEs…). A Claude Code session
 * file carries its `<session>/subagents/agent-*.jsonl` logs, which are not listed on their own.
 * A file named explicitly is always kept. A path that does not exist is an `INPUT_INVALID` error.
 */
export async function readSessionPaths(paths: readonly string[]): Promise<SessionPath[]> {
  const files = new Set<string>();
  for (const p of paths) {
    let info;
    try {
      info = await stat(p);
    } catch {
      throw new GardenerError('INPUT_INVALID', 'no such file or folder', { where: p });
    }
    if (info.isDirectory()) for (const f of await walk(p)) files.add(f);
    else files.add(path.normalize(p));
  }
  const grouped = new Set<string>();
  const sessions: SessionPath[] = [];
  for (const file of [...files].sort()) {
    const subagents = file.endsWith('.jsonl') ? await subagentFiles(file) : [];
    for (const s of subagents) grouped.add(s);
    sessions.push({ path: file, subagents });
  }
  return sessions.filter((s) => !grouped.has(s.path));
}

async function walk(folder: string): Promise<string[]> {
  const out: string[] = [];
  const entries = await readdir(folder, { withFileTypes: true });
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) out.push(...(await walk(full)));
    else if (entry.isFile() && (await isSessionFile(full))) out.push(full);
  }
  return out;
}

async function isSessionFile(file: string): Promise<boolean> {
  const name = path.basename(file);
  if (!SESSION_EXTENSIONS.some((ext) => name.toLowerCase().endsWith(ext))) return false;
  if (NOT_SESSIONS.some((re) => re.test(name))) return false;
  if (!name.toLowerCase().endsWith('.md')) return true;
  const head = await readHead(file, MARKDOWN_PROBE);
  return /^# aider chat started at /m.test(head) || /^#### /m.test(head);
}

async function readHead(file: string, bytes: number): Promise<string> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
    return buffer.subarray(0, bytesRead).toString('utf8');
  } finally {
    await handle.close();
  }
}
