import { describe, expect, it } from 'vitest';
import { createSseParser, type SseMessage } from './sse-parser';

function parse(...chunks: string[]) {
  const messages: SseMessage[] = [];
  const parser = createSseParser((m) => messages.push(m));
  chunks.forEach((c) => parser.push(c));
  return { messages, parser };
}

describe('SSE parser', () => {
  it('hands over one message per blank line, with its event name', () => {
    expect(parse('event: tickers\ndata: {"a":1}\n\n').messages).toEqual([{ event: 'tickers', data: '{"a":1}' }]);
  });

  it('joins multi-line data, defaults the event to message and keeps the id', () => {
    expect(parse('id: 7\ndata: a\ndata: b\n\n').messages).toEqual([{ event: 'message', data: 'a\nb', id: '7' }]);
  });

  it('reassembles messages split anywhere across chunks, with CRLF line ends', () => {
    expect(parse('eve', 'nt: t\r', '\ndata: x', 'y\r\n', '\r\n').messages).toEqual([{ event: 't', data: 'xy' }]);
  });

  it('ignores comments and events without data, and reads retry', () => {
    const { messages, parser } = parse(': heartbeat\n\nevent: empty\n\nretry: 2500\n');
    expect(messages).toEqual([]);
    expect(parser.retryMs).toBe(2500);
  });
});
