import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createBindingGate, withoutDropped } from './binding.js';
import { applyContextManagement } from './context-management.js';
import { billedBody, createFakePromptCache, estimateInputTokens, estimateOutputTokens } from './count.js';
import { modelsList } from './models.js';
import { buildMessage, createIssued, pickStep, randomId, summarize, toSpec } from './script.js';
import { messageEvents, writeEvents } from './sse.js';
import { betasOf } from './thinking-config.js';
import { withThinking } from './thinking-replies.js';
import type { ErrorSpec, FakeAnthropic, FakeAnthropicOptions, Json, RecordedRequest } from './types.js';
import { validateRequest } from './validate.js';

export const DEFAULT_CONTEXT_WINDOW = 200_000;

/** Starts the fake Messages API on 127.0.0.1. See index.ts for the contract. */
export async function startFakeAnthropic(options: FakeAnthropicOptions): Promise<FakeAnthropic> {
  const contextWindow = options.contextWindow ?? DEFAULT_CONTEXT_WINDOW;
  const strict = options.strict ?? false;
  const used = options.script.map(() => false);
  const issued = createIssued();
  const gate = createBindingGate(options.account ?? 'new');
  const countBilled = (body: Json) => estimateInputTokens(billedBody(body));
  const cache = createFakePromptCache({
    ...(options.now ? { now: options.now } : {}),
    ...(options.cacheMinTokens === undefined ? {} : { minTokens: options.cacheMinTokens }),
  });
  const requests: RecordedRequest[] = [];
  /** Requests whose connection the fake itself cut (not the client going away). */
  const cutByFake = new Set<number>();
  const violations: FakeAnthropic['violations'] = [];

  const sendJson = (
    res: ServerResponse,
    record: RecordedRequest,
    status: number,
    body: unknown,
    headers = {},
  ) => {
    record.status = status;
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': randomId('req'), ...headers });
    res.end(JSON.stringify(body));
  };
  const sendError = (res: ServerResponse, record: RecordedRequest, error: ErrorSpec) => {
    const requestId = randomId('req');
    record.status = error.status;
    record.error = { type: error.type, message: error.message };
    res.writeHead(error.status, {
      'content-type': 'application/json',
      'request-id': requestId,
      ...error.headers,
    });
    res.end(
      JSON.stringify({
        type: 'error',
        error: { type: error.type, message: error.message },
        request_id: requestId,
      }),
    );
  };
  const invalid = (res: ServerResponse, record: RecordedRequest, message: string) => {
    violations.push({ request: record.index, message });
    sendError(res, record, { status: 400, type: 'invalid_request_error', message });
  };

  const handleMessages = async (res: ServerResponse, record: RecordedRequest, countOnly: boolean) => {
    if (!record.headers['x-api-key'] && !record.headers['authorization']) {
      violations.push({ request: record.index, message: 'no x-api-key or authorization header' });
      return sendError(res, record, {
        status: 401,
        type: 'authentication_error',
        message: 'x-api-key header is required',
      });
    }
    const betas = betasOf(record.headers);
    const problem = validateRequest(record.body, { strict, issued, countOnly, betas });
    if (problem) return invalid(res, record, problem);
    const binding = gate.review(record.body, betas);
    if (binding.error) return invalid(res, record, binding.error);
    // What the model reads: the dropped blocks out, then the server-side edits applied.
    const kept = withoutDropped(record.body, binding.dropped);
    const edited = applyContextManagement(kept, countBilled);
    const billed = billedBody(edited.body);
    const tokens = estimateInputTokens(billed);
    if (tokens > contextWindow)
      return sendError(res, record, {
        status: 400,
        type: 'invalid_request_error',
        message: `prompt is too long: ${tokens} tokens > ${contextWindow} maximum`,
      });
    const managed = record.body.context_management !== undefined;
    if (countOnly) {
      const original = managed ? { context_management: { original_input_tokens: countBilled(kept) } } : {};
      return sendJson(res, record, 200, { input_tokens: tokens, ...original });
    }

    const picked = pickStep(options.script, used, options.standing ?? [], record);
    if (!picked) {
      const message = `fake script exhausted (${options.script.length} steps used): ${summarize(record)}`;
      violations.push({ request: record.index, message });
      return sendError(res, record, { status: 500, type: 'fake_script_exhausted', message });
    }
    if (picked.step !== undefined) record.step = picked.step;
    if (picked.standing !== undefined) record.standing = picked.standing;
    const action = picked.action;
    if ('error' in action) return sendError(res, record, action.error);
    if ('fail' in action && action.fail === 'reset') {
      record.status = 0;
      res.socket?.destroy();
      return;
    }
    if (edited.body !== record.body) record.read = edited.body;
    const reply =
      typeof action.reply === 'function'
        ? action.reply(record.read ? { ...record, body: record.read } : record)
        : action.reply;
    const spec = withThinking(toSpec(reply), record.body, options.thinkingReplies);
    const usage = { ...cache.usage(billed), output_tokens: estimateOutputTokens(spec.content) };
    const message = buildMessage(spec, record.body.model, usage, issued);
    gate.bind(record.body, binding.dropped, message.content);
    if (binding.transformations) {
      message.input_transformations = binding.transformations;
      record.transformations = binding.transformations;
    }
    if (managed) message.context_management = { applied_edits: edited.applied };
    record.usage = message.usage;
    const cutAfter = 'fail' in action ? action.afterEvents : undefined;
    if (cutAfter !== undefined) cutByFake.add(record.index);
    if (record.body.stream !== true) {
      if (cutAfter !== undefined) return void res.socket?.destroy();
      return sendJson(res, record, 200, message);
    }
    record.status = 200;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
      'request-id': randomId('req'),
    });
    const writeOptions: { delayMs?: number; cutAfter?: number } = {};
    if (spec.chunkDelayMs !== undefined) writeOptions.delayMs = spec.chunkDelayMs;
    if (cutAfter !== undefined) writeOptions.cutAfter = cutAfter;
    await writeEvents(res, messageEvents(message), writeOptions);
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const raw = await readBody(req);
    const path = req.url ?? '/';
    const record: RecordedRequest = {
      index: requests.length,
      method: req.method ?? 'GET',
      path,
      headers: req.headers,
      body: undefined,
      status: 0,
      raw,
    };
    requests.push(record);
    res.on('close', () => {
      if (!res.writableFinished && record.status !== 0 && !cutByFake.has(record.index))
        record.clientClosed = true;
      options.onRequest?.(record);
    });
    const route = path.split('?')[0];
    if (req.method === 'POST' && (route === '/v1/messages' || route === '/v1/messages/count_tokens')) {
      try {
        record.body = JSON.parse(raw);
      } catch {
        return invalid(res, record, 'body: request body is not valid JSON');
      }
      return handleMessages(res, record, route === '/v1/messages/count_tokens');
    }
    if ((req.method === 'GET' || req.method === 'HEAD') && route === '/')
      return sendJson(res, record, 200, {});
    if (req.method === 'GET' && route === '/v1/models') return sendJson(res, record, 200, modelsList());
    sendError(res, record, {
      status: 404,
      type: 'not_found_error',
      message: `Not found: ${req.method} ${path}`,
    });
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          type: 'error',
          error: { type: 'api_error', message: `fake crashed: ${String(error)}` },
        }),
      );
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    violations,
    remaining: () => used.filter((u) => !u).length,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    req.on('data', (part: Buffer) => parts.push(part));
    req.on('end', () => resolve(Buffer.concat(parts).toString('utf8')));
    req.on('error', reject);
  });
}
