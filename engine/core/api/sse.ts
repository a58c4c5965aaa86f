// Server-sent events (text/event-stream) read from a response body as it arrives: the HTML
// standard's parsing rules (lines ending in CRLF, LF or CR; `event`, `data`, `id` fields; comments;
// an event dispatched at a blank line), whatever way the bytes are cut into chunks. Each event's
// data is parsed as JSON when it is JSON (else kept as text). Loaded with the first stream, not
// with the page (stream.ts, which the API client imports on demand).
/** An event: its name (`event:`, `message` when it has none), its `data:` lines joined by newlines and parsed as JSON when they are JSON, its `id:` when it has one. */
export interface StreamEvent { event: string; data: unknown; id?: string }
export type ServerEvent = StreamEvent;

export interface SseParser {
  /** Takes the next piece of the text, cut anywhere. */
  push(text: string): void;
  /** The text has ended: an event not closed by a blank line is dropped, as the standard says. */
  end(): void;
}

export function createSseParser(onEvent: (event: ServerEvent) => void): SseParser {
  let buffer = '';
  // A chunk that ended with CR: a LF at the start of the next one belongs to the same line end.
  let afterCR = false;
  let name = '';
  let data: string[] = [];
  let id: string | undefined;
  let hasData = false;

  const dispatch = () => {
    if (hasData) {
      const text = data.join('\n');
      let value: unknown = text;
      try { value = JSON.parse(text); } catch { /* not JSON: the text itself */ }
      onEvent({ event: name || 'message', data: value, ...(id === undefined ? {} : { id }) });
    }
    name = '';
    data = [];
    hasData = false;
  };

  const line = (text: string) => {
    if (text === '') { dispatch(); return; }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon < 0 ? text : text.slice(0, colon);
    let value = colon < 0 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') name = value;
    else if (field === 'data') { data.push(value); hasData = true; }
    else if (field === 'id' && !value.includes('\0')) id = value;
    // `retry` and unknown fields: nothing a caller of one request needs.
  };

  return {
    push(text: string) {
      if (afterCR && text.startsWith('\n')) text = text.slice(1);
      afterCR = false;
      buffer += text;
      let start = 0;
      for (let i = 0; i < buffer.length; i += 1) {
        const char = buffer[i];
        if (char !== '\n' && char !== '\r') continue;
        line(buffer.slice(start, i));
        if (char === '\r') {
          if (i + 1 < buffer.length) { if (buffer[i + 1] === '\n') i += 1; } else afterCR = true;
        }
        start = i + 1;
      }
      buffer = buffer.slice(start);
    },
    end() {
      buffer = '';
      data = [];
      hasData = false;
      name = '';
    },
  };
}

/** Reads a response body to its end, telling `onEvent` each event as soon as its blank line has arrived. */
export async function readEventStream(body: ReadableStream<Uint8Array>, onEvent: (event: ServerEvent) => void): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const parser = createSseParser(onEvent);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      // `stream: true`: a character whose bytes are split between chunks waits for the rest.
      parser.push(decoder.decode(value, { stream: true }));
    }
    parser.push(decoder.decode());
    parser.end();
  } finally {
    reader.releaseLock();
  }
}
