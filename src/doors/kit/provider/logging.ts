import { debug } from '../../../debug.js';
import { ProviderError } from './errors.js';
import type { Provider, ProviderEvent, ProviderRequest, ProviderResult, StreamOptions } from './types.js';

/**
 * Writes each call to the debug log (GARDENER_DEBUG, src/debug.ts): what was asked, then how it
 * ended (stop reason, usage, request id, time) or why it failed. Events pass through untouched.
 */
export function withDebugLog(provider: Provider, scope = 'provider'): Provider {
  return { stream: (request, options = {}) => streamLogged(provider, scope, request, options) };
}

async function* streamLogged(
  provider: Provider,
  scope: string,
  request: ProviderRequest,
  options: StreamOptions,
): AsyncGenerator<ProviderEvent, ProviderResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  debug(scope, 'call', { model: request.model, messages: request.messages.length });
  try {
    const result = yield* provider.stream(request, options);
    debug(scope, 'answered', {
      ms: elapsed(),
      stopReason: result.stopReason,
      usage: result.usage,
      ...(result.requestId ? { requestId: result.requestId } : {}),
    });
    return result;
  } catch (error) {
    debug(scope, 'failed', {
      ms: elapsed(),
      error: error instanceof Error ? error.message : String(error),
      ...(error instanceof ProviderError ? { kind: error.kind } : {}),
    });
    throw error;
  }
}
