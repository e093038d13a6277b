/**
 * Ignore files (`.gitignore`, `.dockerignore`, `.npmignore`…): a list of patterns, usually in
 * groups under a comment. The summary keeps every group's comment with its first patterns and a
 * count of the rest, and the negated patterns (`!keep.me`: the exceptions are what surprises; the
 * first MAX_NEGATED of those its group does not show);
 * the most detailed rendering under the target size wins.
 */

/** File names of pattern lists in gitignore syntax. */
const IGNORE_FILE =
  /(?:^|[\\/])\.(?:git|docker|npm|eslint|prettier|stylelint|hg|gcloud|vercel|helm|slug|cf|rg|fd)?ignore$/i;

/** Patterns shown per group, from most detail to least; 0 keeps only the comment and a count. */
const PATTERNS_PER_GROUP = [Infinity, 8, 4, 2, 1, 0];
/** Groups shown at the least detailed level before the rest is counted. */
const GROUPS_AT_LEAST = 12;
/** Negated patterns listed apart at most (a hostile file can hold thousands). */
const MAX_NEGATED = 40;
/** Longer patterns and comments are cut. */
const MAX_PATTERN = 80;
const MAX_COMMENT = 60;

interface Group {
  comment?: string;
  patterns: string[];
}

export function isIgnoreFile(path: string | undefined): boolean {
  return path !== undefined && IGNORE_FILE.test(path.trim());
}

/** The summary of an ignore file under `target` characters, as near as the levels allow. */
export function summarizeIgnore(text: string, target: number): string | undefined {
  const groups = groupPatterns(text);
  const patterns = groups.flatMap((g) => g.patterns);
  if (patterns.length === 0) return undefined;
  const negated = patterns.filter((p) => p.startsWith('!'));
  const head = `ignore file: ${count(patterns.length, 'pattern')} in ${count(groups.length, 'group')}${negated.length > 0 ? `, ${negated.length.toLocaleString('en-US')} negated` : ''}`;
  let smallest: string | undefined;
  for (const perGroup of PATTERNS_PER_GROUP) {
    const shownGroups = perGroup === 0 ? groups.slice(0, GROUPS_AT_LEAST) : groups;
    const lines = [head, ...shownGroups.map((g) => renderGroup(g, perGroup))];
    const shown = new Set(shownGroups.flatMap((g) => g.patterns.slice(0, perGroup)));
    const hidden = groups.slice(shownGroups.length);
    if (hidden.length > 0) {
      const rest = hidden.reduce((n, g) => n + g.patterns.length, 0);
      lines.push(`… ${count(hidden.length, 'more group')} (${count(rest, 'pattern')})`);
    }
    const hiddenNegated = negated.filter((p) => !shown.has(p));
    if (hiddenNegated.length > 0) {
      const listed = hiddenNegated.slice(0, MAX_NEGATED).map((p) => cut(p, MAX_PATTERN));
      const rest = hiddenNegated.length - listed.length;
      lines.push(`negated: ${listed.join(' ')}${rest > 0 ? ` … ${rest.toLocaleString('en-US')} more` : ''}`);
    }
    const out = lines.join('\n');
    if (out.length <= target) return out;
    if (smallest === undefined || out.length < smallest.length) smallest = out;
  }
  return smallest;
}

/** Patterns in groups: a comment line opens a group; blank lines end one. */
function groupPatterns(text: string): Group[] {
  const groups: Group[] = [];
  let current: Group | undefined;
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line === '') {
      current = undefined;
      continue;
    }
    if (line.startsWith('#')) {
      const comment = line.replace(/^#+\s*/, '').replace(/:\s*$/, '');
      // A run of comment lines: the first one names the group.
      if (current && current.patterns.length === 0) continue;
      current = { ...(comment !== '' ? { comment } : {}), patterns: [] };
      groups.push(current);
      continue;
    }
    if (!current) {
      current = { patterns: [] };
      groups.push(current);
    }
    current.patterns.push(line);
  }
  return groups.filter((g) => g.patterns.length > 0);
}

function renderGroup(group: Group, perGroup: number): string {
  const shown = group.patterns.slice(0, perGroup).map((p) => cut(p, MAX_PATTERN));
  const rest = group.patterns.length - shown.length;
  const label = group.comment === undefined ? '' : `# ${cut(group.comment, MAX_COMMENT)}: `;
  const more =
    rest === 0 ? '' : shown.length === 0 ? count(rest, 'pattern') : `… ${rest.toLocaleString('en-US')} more`;
  return `${label}${[...shown, more].filter((part) => part !== '').join(' ')}`;
}

function cut(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}…`;
}

function count(n: number, noun: string): string {
  return `${n.toLocaleString('en-US')} ${noun}${n === 1 ? '' : 's'}`;
}
