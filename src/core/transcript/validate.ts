export interface ValidationIssue {
  /** JSON path of the offending value, e.g. "messages.3.content.0". */
  path: string;
  message: string;
}

export interface ValidationResult {
  ok: boolean;
  issues: ValidationIssue[];
}

const ROLES = new Set(['user', 'assistant']);
const ASSISTANT_ONLY = new Set(['tool_use', 'server_tool_use', 'thinking', 'redacted_thinking']);
const USER_ONLY = new Set(['tool_result']);

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The Messages API's structural rules, as one function (docs/DESIGN.md invariant 2):
 * known roles; non-empty content (except a final assistant message); no empty text blocks;
 * tool_use / thinking only from the assistant, tool_result only from the user; every tool_result
 * answers a tool_use of the preceding assistant message, and every tool_use of a non-final assistant
 * message is answered in the next message; tool_use ids unique; system and tools well-formed.
 * Unknown block types are allowed (they pass through).
 */
export function validate(request: unknown): ValidationResult {
  const issues: ValidationIssue[] = [];
  const issue = (path: string, message: string) => issues.push({ path, message });

  if (!isObject(request)) {
    issue('', 'request must be an object');
    return { ok: false, issues };
  }
  validateSystem(request['system'], issue);
  validateTools(request['tools'], issue);

  const messages = request['messages'];
  if (!Array.isArray(messages)) {
    issue('messages', 'messages must be an array');
    return { ok: false, issues };
  }
  if (messages.length === 0) issue('messages', 'messages must not be empty');
  const walk: MessageWalk = { seenToolUseIds: new Set(), pendingToolUses: [], pendingFrom: -1 };
  messages.forEach((message: unknown, index) =>
    validateMessage(message, index, index === messages.length - 1, walk, issue),
  );
  return { ok: issues.length === 0, issues };
}

/** What the walk over the messages carries from one message to the next. */
interface MessageWalk {
  seenToolUseIds: Set<string>;
  /** The tool_use ids of the message at `pendingFrom`, which the next message must answer. */
  pendingToolUses: string[];
  pendingFrom: number;
}

/** The blocks of one message and its position in the walk. */
interface MessageContext {
  path: string;
  index: number;
  role: string;
  /** The tool_use ids this message's tool_results answered so far. */
  answered: Set<string>;
  /** A block other than a tool_result came already. */
  seenNonResult: boolean;
}

function validateMessage(
  message: unknown,
  index: number,
  isLast: boolean,
  walk: MessageWalk,
  issue: Report,
): void {
  const path = `messages.${index}`;
  if (!isObject(message)) return void issue(path, 'message must be an object');
  const role = message['role'];
  if (typeof role !== 'string' || !ROLES.has(role)) {
    return void issue(`${path}.role`, `role must be "user" or "assistant", got ${JSON.stringify(role)}`);
  }
  const content = message['content'];
  const context: MessageContext = { path, index, role, answered: new Set(), seenNonResult: false };

  if (typeof content === 'string') {
    if (content === '' && !(isLast && role === 'assistant'))
      issue(`${path}.content`, 'content must not be empty');
  } else if (Array.isArray(content)) {
    if (content.length === 0 && !(isLast && role === 'assistant'))
      issue(`${path}.content`, 'content must not be empty');
    content.forEach((block: unknown, blockIndex) =>
      validateMessageBlock(block, `${path}.content.${blockIndex}`, context, walk, issue),
    );
  } else {
    issue(`${path}.content`, 'content must be a string or an array of blocks');
  }

  // The tool_uses of the previous assistant message must all be answered here.
  if (walk.pendingFrom === index - 1 && walk.pendingToolUses.length > 0) {
    const missing = walk.pendingToolUses.filter((id) => !context.answered.has(id));
    if (missing.length > 0)
      issue(path, `tool_use ${missing.join(', ')} of messages.${walk.pendingFrom} has no tool_result here`);
  }
  walk.pendingToolUses = role === 'assistant' && Array.isArray(content) ? collectToolUseIds(content) : [];
  walk.pendingFrom = index;
}

/** One block of a message: its type allowed for the role, its fields, and how it pairs tool_use with tool_result. */
function validateMessageBlock(
  block: unknown,
  blockPath: string,
  context: MessageContext,
  walk: MessageWalk,
  issue: Report,
): void {
  if (!isObject(block) || typeof block['type'] !== 'string')
    return void issue(blockPath, 'block must be an object with a type');
  const type = block['type'];
  if (ASSISTANT_ONLY.has(type) && context.role !== 'assistant')
    issue(blockPath, `${type} blocks are only allowed in assistant messages`);
  if (USER_ONLY.has(type) && context.role !== 'user')
    issue(blockPath, `${type} blocks are only allowed in user messages`);
  validateBlock(block, blockPath, issue);
  if (type === 'tool_use' || type === 'server_tool_use') {
    const id = block['id'];
    if (typeof id === 'string') {
      if (walk.seenToolUseIds.has(id)) issue(`${blockPath}.id`, `duplicate tool_use id ${id}`);
      walk.seenToolUseIds.add(id);
    }
  }
  if (
    type === 'text' &&
    typeof block['text'] === 'string' &&
    block['text'] !== '' &&
    block['text'].trim() === ''
  ) {
    issue(`${blockPath}.text`, 'text blocks must contain non-whitespace text');
  }
  if (type !== 'tool_result') context.seenNonResult = true;
  else if (context.seenNonResult)
    issue(blockPath, 'tool_result blocks must come before any other block of the message');
  if (type === 'tool_result') checkAnswer(block['tool_use_id'], blockPath, context, walk, issue);
}

/** A tool_result answers a tool_use of the message just before, once. */
function checkAnswer(
  id: unknown,
  blockPath: string,
  context: MessageContext,
  walk: MessageWalk,
  issue: Report,
): void {
  if (
    typeof id !== 'string' ||
    !walk.pendingToolUses.includes(id) ||
    walk.pendingFrom !== context.index - 1
  ) {
    issue(
      blockPath,
      `tool_result ${String(id)} does not answer a tool_use of the preceding assistant message`,
    );
  } else if (context.answered.has(id)) {
    issue(blockPath, `tool_use ${id} is answered twice`);
  } else {
    context.answered.add(id);
  }
}

function collectToolUseIds(content: unknown[]): string[] {
  const ids: string[] = [];
  for (const block of content) {
    if (isObject(block) && block['type'] === 'tool_use' && typeof block['id'] === 'string')
      ids.push(block['id']);
  }
  return ids;
}

type Report = (path: string, message: string) => void;

function validateBlock(block: Json, path: string, issue: Report): void {
  switch (block['type']) {
    case 'text':
      if (typeof block['text'] !== 'string') issue(`${path}.text`, 'text must be a string');
      else if (block['text'].length === 0) issue(`${path}.text`, 'text blocks must be non-empty');
      break;
    case 'tool_use':
      if (typeof block['id'] !== 'string' || block['id'] === '') issue(`${path}.id`, 'tool_use needs an id');
      if (typeof block['name'] !== 'string' || block['name'] === '')
        issue(`${path}.name`, 'tool_use needs a name');
      if (!isObject(block['input'])) issue(`${path}.input`, 'tool_use input must be an object');
      break;
    case 'tool_result': {
      const content = block['content'];
      if (content !== undefined && typeof content !== 'string' && !Array.isArray(content)) {
        issue(`${path}.content`, 'tool_result content must be a string or an array');
      }
      if (Array.isArray(content)) {
        content.forEach((part: unknown, i) => {
          if (!isObject(part) || typeof part['type'] !== 'string')
            issue(`${path}.content.${i}`, 'part must be a block');
          else validateBlock(part, `${path}.content.${i}`, issue);
        });
      }
      break;
    }
    case 'image':
    case 'document': {
      const source = block['source'];
      if (!isObject(source) || typeof source['type'] !== 'string')
        issue(`${path}.source`, `${String(block['type'])} needs a source`);
      else if (
        source['type'] === 'base64' &&
        (typeof source['data'] !== 'string' || typeof source['media_type'] !== 'string')
      ) {
        issue(`${path}.source`, 'base64 source needs media_type and data');
      }
      break;
    }
    case 'thinking':
      if (typeof block['thinking'] !== 'string') issue(`${path}.thinking`, 'thinking must be a string');
      break;
    case 'redacted_thinking':
      if (typeof block['data'] !== 'string') issue(`${path}.data`, 'redacted_thinking needs data');
      break;
    default:
      break; // unknown block types pass through
  }
}

function validateSystem(system: unknown, issue: Report): void {
  if (system === undefined || typeof system === 'string') return;
  if (!Array.isArray(system)) return issue('system', 'system must be a string or an array of text blocks');
  system.forEach((block: unknown, i) => {
    if (!isObject(block) || block['type'] !== 'text')
      issue(`system.${i}`, 'system blocks must be text blocks');
    else if (typeof block['text'] !== 'string' || block['text'] === '')
      issue(`system.${i}.text`, 'text blocks must be non-empty');
  });
}

function validateTools(tools: unknown, issue: Report): void {
  if (tools === undefined) return;
  if (!Array.isArray(tools)) return issue('tools', 'tools must be an array');
  const names = new Set<string>();
  tools.forEach((tool: unknown, i) => {
    if (!isObject(tool) || typeof tool['name'] !== 'string') return issue(`tools.${i}`, 'tool needs a name');
    if (names.has(tool['name'])) issue(`tools.${i}.name`, `duplicate tool name ${tool['name']}`);
    names.add(tool['name']);
  });
}

/** Throws a readable error listing the first issues when the request is invalid. */
export function formatIssues(result: ValidationResult, max = 5): string {
  const shown = result.issues.slice(0, max).map((i) => `  ${i.path || '(root)'}: ${i.message}`);
  const more = result.issues.length > max ? `\n  … ${result.issues.length - max} more` : '';
  return shown.join('\n') + more;
}
