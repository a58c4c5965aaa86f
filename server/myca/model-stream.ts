// Reading an OpenAI-compatible chat completion: a stream of server-sent events whose `data:`
// lines carry `choices[0].delta.content` and end with `data: [DONE]`, or (from servers that do not
// stream) one JSON completion with `choices[0].message.content`. Anything else is `malformed`: a
// half-read answer is never passed off as a whole one.
import { ModelError } from './model-error.ts';

interface Completion {
  choices?: Array<{ delta?: { content?: unknown }; message?: { content?: unknown }; finish_reason?: unknown }>;
  error?: unknown;
}

/** Reads `response` to its end, handing each piece of the answer's text to `onText`. */
export async function readCompletion(response: Response, onText: (text: string) => void): Promise<void> {
  const type = response.headers.get('content-type') ?? '';
  if (/\bjson\b/i.test(type)) return readWhole(await response.text(), onText);
  if (!response.body) throw new ModelError('malformed', 'the model answered without a body');
  return readEvents(response.body, onText);
}

function readWhole(body: string, onText: (text: string) => void): void {
  const completion = parse(body);
  const content = completion.choices?.[0]?.message?.content;
  if (typeof content !== 'string' || content === '') throw new ModelError('malformed', 'the model\'s answer holds no text');
  if (completion.choices?.[0]?.finish_reason === 'length') throw new ModelError('malformed', 'the model\'s answer was cut short');
  onText(content);
}

async function readEvents(body: ReadableStream<Uint8Array>, onText: (text: string) => void): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let data: string[] = [];
  let finished = false;
  let received = false;

  // One event: its data lines joined (the protocol allows one event to span several).
  const dispatch = (): boolean => {
    if (data.length === 0) return false;
    const payload = data.join('\n');
    data = [];
    if (payload.trim() === '[DONE]') return true;
    const chunk = parse(payload);
    const choice = chunk.choices?.[0];
    const content = choice?.delta?.content;
    if (typeof content === 'string' && content !== '') {
      received = true;
      onText(content);
    }
    if (choice?.finish_reason === 'length') throw new ModelError('malformed', 'the model\'s answer was cut short');
    if (typeof choice?.finish_reason === 'string') finished = true;
    return false;
  };

  // One line: true once the answer is complete.
  const line = (text: string): boolean => {
    if (text === '') return dispatch();
    if (text.startsWith(':')) return false;
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    if (field !== 'data') return false;
    const value = colon === -1 ? '' : text.slice(colon + 1);
    data.push(value.startsWith(' ') ? value.slice(1) : value);
    return false;
  };

  let ended = false;
  try {
    while (!ended) {
      const { done, value } = await reader.read();
      buffer += done ? decoder.decode() : decoder.decode(value, { stream: true });
      const lines = buffer.split(/\r\n|\r|\n/);
      buffer = done ? '' : (lines.pop() ?? '');
      ended = lines.some((text) => line(text));
      if (done) {
        ended ||= dispatch();
        break;
      }
    }
  } finally {
    // The connection is not left open after [DONE] or a failure.
    reader.cancel().catch(() => undefined);
  }
  if (!received) throw new ModelError('malformed', 'the model\'s stream held no text');
  // Without [DONE] the stream ended early, unless the model said it had finished.
  if (!ended && !finished) throw new ModelError('malformed', 'the model\'s stream ended before the answer was complete');
}

function parse(text: string): Completion {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ModelError('malformed', 'the model sent something that is not JSON');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new ModelError('malformed', 'the model sent something that is not a completion');
  const completion = value as Completion;
  if (completion.error !== undefined) throw new ModelError('malformed', 'the model answered with an error');
  return completion;
}
