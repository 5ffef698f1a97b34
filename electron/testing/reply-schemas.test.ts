import { describe, expect, it } from 'vitest';
import { replySchemaViolation } from './reply-schemas';

describe('scripted answers held to the response schemas of common/ops', () => {
  it('passes an answer the real server could send', () => {
    expect(replySchemaViolation('GET', '/api/fetchkeys', 200, { apiKey: 'AK-1' })).toBeNull();
    expect(replySchemaViolation('GET', '/api/klines?pair=BTCUSDT&interval=1m', 200, { klines: [] })).toBeNull();
  });

  it('names an answer that breaks the schema: a wrong type, a missing field', () => {
    expect(replySchemaViolation('GET', '/api/fetchkeys', 200, { apiKey: 5 })).toMatch(/GET \/api\/fetchkeys.*apiKey/);
    expect(replySchemaViolation('POST', '/api/liveprice', 200, {})).toMatch(/must have required property 'price'/);
  });

  it('leaves refusals and paths outside the table to the test', () => {
    expect(replySchemaViolation('GET', '/api/fetchkeys', 400, { nonsense: true })).toBeNull();
    expect(replySchemaViolation('GET', '/api/not-an-operation', 200, 42)).toBeNull();
  });
});
