/**
 * The text/event-stream format (WHATWG HTML, "Server-sent events"): fed chunks as they arrive,
 * it hands over one message per blank line. Kept apart from the socket so it is tested alone.
 */
export interface SseMessage {
  event: string;
  data: string;
  id?: string;
}

export interface SseParser {
  push(chunk: string): void;
  /** The `retry:` field, when the server sent one. */
  readonly retryMs: number | undefined;
}

export function createSseParser(onMessage: (message: SseMessage) => void): SseParser {
  let buffer = '';
  let event = '';
  let data: string[] = [];
  let id: string | undefined;
  let retryMs: number | undefined;

  function dispatch(): void {
    // Per the spec an event without data lines is dropped, and the type defaults to 'message'.
    if (data.length > 0) onMessage({ event: event || 'message', data: data.join('\n'), ...(id ? { id } : {}) });
    event = '';
    data = [];
  }

  function line(text: string): void {
    if (text === '') return dispatch();
    if (text.startsWith(':')) return; // a comment: heartbeats keep proxies and idle timers awake
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
    else if (field === 'id') id = value;
    else if (field === 'retry' && /^\d+$/.test(value)) retryMs = Number(value);
  }

  return {
    push(chunk) {
      buffer += chunk;
      // A trailing '\r' may be the first half of '\r\n': hold it until the next chunk.
      const held = buffer.endsWith('\r') ? '\r' : '';
      const lines = buffer.slice(0, buffer.length - held.length).split(/\r\n|\r|\n/);
      // The last piece may be half a line.
      buffer = (lines.pop() ?? '') + held;
      for (const text of lines) line(text);
    },
    get retryMs() {
      return retryMs;
    },
  };
}
