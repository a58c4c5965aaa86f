// MyCA's language model: one OpenAI-compatible chat completion (POST {endpoint}/chat/completions,
// streamed) phrasing the answer from the passages retrieved for the question. Everything sent is
// redacted (redact.ts) and the answer restored, so no owner's e-mail, phone, account number or
// address reaches the model's provider. Whether the answer may be shown is citations.ts's call.
//
// The text arrives through `onDelta`, restored, piece by piece as the model writes it; the promise
// resolves with the whole answer once the stream is complete, or rejects with a ModelError. A
// callback rather than an async iterator: the caller needs the pieces and the final result (its
// citations decide whether the pieces may stay on screen), and one promise carries both the
// result and the one failure.
import { citedIds } from './citations.ts';
import { ModelError } from './model-error.ts';
import { buildMessages, type ModelPassage, type ModelTurn } from './model-prompt.ts';
import { readCompletion } from './model-stream.ts';
import { createPlaceholders, createStreamRestorer, restore, type Placeholders } from './redact.ts';

export type { ModelPassage, ModelTurn } from './model-prompt.ts';
export { ModelError, type ModelFailure } from './model-error.ts';

/** The longest an answer may take, start to end, before the extractive answer is shown instead. */
export const MODEL_TIMEOUT_MS = 8000;

export interface AskModelOptions {
  /** The API's base address ("https://api.openai.com/v1"); /chat/completions is added to it. */
  endpoint: string;
  model: string;
  /** Sent as `Authorization: Bearer …`; null for an endpoint that asks for none. */
  apiKey: string | null;
  question: string;
  /** The conversation so far, oldest first. */
  history: readonly ModelTurn[];
  passages: readonly ModelPassage[];
  /** Cancels the request (the owner left); it then rejects with ModelError `aborted`. */
  signal?: AbortSignal;
  /** The whole request, answer included, must end within this; else ModelError `timeout`. */
  timeoutMs?: number;
  /** Each piece of the answer as it arrives, placeholders already restored. Must not throw. */
  onDelta?: (text: string) => void;
  /** The request's placeholder map, when the caller redacts more of the request itself. */
  placeholders?: Placeholders;
  fetchImpl?: typeof fetch;
}

export interface ModelAnswer {
  /** The answer with the originals back in place of the placeholders: what the owner reads. */
  text: string;
  /** The answer as the model wrote it, placeholders and all. */
  modelText: string;
  /** Every id the answer cites, known or not (citations.ts checks them against the passages). */
  cited: string[];
  placeholders: Placeholders;
}

export async function askModel(options: AskModelOptions): Promise<ModelAnswer> {
  const placeholders = options.placeholders ?? createPlaceholders();
  const messages = buildMessages(options, placeholders);
  const restorer = createStreamRestorer(placeholders);
  const doFetch = options.fetchImpl ?? fetch;
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'text/event-stream, application/json' };
  if (options.apiKey) headers.authorization = `Bearer ${options.apiKey}`;

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? MODEL_TIMEOUT_MS);
  const cancel = () => controller.abort();
  options.signal?.addEventListener('abort', cancel, { once: true });
  if (options.signal?.aborted) controller.abort();

  let modelText = '';
  try {
    const response = await doFetch(`${options.endpoint.replace(/\/+$/, '')}/chat/completions`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ model: options.model, messages, stream: true, temperature: 0 }),
      signal: controller.signal,
      redirect: 'error',
    });
    if (!response.ok) {
      // The body may echo the request; it is not read into anything that could be logged.
      response.body?.cancel().catch(() => undefined);
      throw new ModelError('http', `the model answered HTTP ${response.status}`, response.status);
    }
    await readCompletion(response, (piece) => {
      modelText += piece;
      const shown = restorer.push(piece);
      if (shown) options.onDelta?.(shown);
    });
    const rest = restorer.flush();
    if (rest) options.onDelta?.(rest);
  } catch (error) {
    if (timedOut) throw new ModelError('timeout', `the model did not answer within ${options.timeoutMs ?? MODEL_TIMEOUT_MS} ms`);
    if (options.signal?.aborted) throw new ModelError('aborted', 'the request to the model was cancelled');
    if (error instanceof ModelError) throw error;
    throw new ModelError('unreachable', `the model could not be reached (${error instanceof Error ? error.name : 'unknown error'})`);
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', cancel);
  }
  return { text: restore(modelText, placeholders), modelText, cited: citedIds(modelText), placeholders };
}
