import { planInstall, planRemoval, type FileChange, type InstallPlace } from './plan.js';
import type { Commands } from './claude-code.js';
import { dropRecord, readRecord, readText, writeRecord, writeText } from './record.js';

export interface InstallOptions extends InstallPlace {
  /** Where install records are kept (the gardener data folder). */
  dataDir: string;
  commands: Commands;
  /** Compute the changes without writing anything. */
  dryRun?: boolean;
}

/** Adds gardener's hooks and MCP server to Claude Code's settings; returns what changed. */
export function installClaudeCode(options: InstallOptions): FileChange[] {
  const changes = planInstall(options, readText, options.commands).filter((c) => c.after !== c.before);
  if (!options.dryRun) {
    for (const c of changes) {
      writeRecord(options.dataDir, c);
      writeText(c.path, c.after);
    }
  }
  return changes;
}

/**
 * Removes what install added: a file still as the install left it gets its bytes from before the
 * install back; a file edited since loses only gardener's entries (user entries kept).
 */
export function uninstallClaudeCode(options: Omit<InstallOptions, 'commands'>): FileChange[] {
  const removal = planRemoval(options, readText);
  const changes: FileChange[] = removal.map((c) => {
    const record = readRecord(options.dataDir, c.path);
    return record && record.after === c.before ? { ...c, after: record.before } : c;
  });
  const effective = changes.filter((c) => c.after !== c.before);
  if (!options.dryRun) {
    for (const c of effective) writeText(c.path, c.after);
    for (const c of changes) dropRecord(options.dataDir, c.path);
  }
  return effective;
}
