import { describe, expect, it } from 'vitest';
import { signaturePayload, verifyWsSignature } from './signature';

// Binance's documented WebSocket API HMAC example (web-socket-api.md, "SIGNED request example (HMAC)").
const secret = 'NhqPtmdSJYdKjVHjA7PZj4Mge3R5YNiP1e3UZjInClVN65XAbvqqM6A7H5fATj0j';
const params = {
  symbol: 'BTCUSDT',
  side: 'SELL',
  type: 'LIMIT',
  timeInForce: 'GTC',
  quantity: '0.01000000',
  price: '52000.00',
  newOrderRespType: 'ACK',
  recvWindow: 100,
  timestamp: 1645423376532,
  apiKey: 'vmPUZE6mv9SD5VNHk4HlWFsOr6aKE2zvsw0MuIgwCIPy6utIco14y7Ju91duEh8A',
  signature: 'cc15477742bd704c29492d96c7ead9414dfd8e0ec4a00f947bb5bb454ddbd08a',
};

describe('WebSocket API signatures', () => {
  it('builds the payload from the params sorted by name, without the signature', () => {
    expect(signaturePayload(params)).toBe(
      'apiKey=vmPUZE6mv9SD5VNHk4HlWFsOr6aKE2zvsw0MuIgwCIPy6utIco14y7Ju91duEh8A&newOrderRespType=ACK' +
        '&price=52000.00&quantity=0.01000000&recvWindow=100&side=SELL&symbol=BTCUSDT&timeInForce=GTC&timestamp=1645423376532&type=LIMIT',
    );
  });

  it('accepts the documented signature (in either case) and refuses a changed param, a stale or a missing one', () => {
    expect(() => verifyWsSignature(params, secret, 1645423376600)).not.toThrow();
    expect(() =>
      verifyWsSignature({ ...params, signature: params.signature.toUpperCase() }, secret, 1645423376600),
    ).not.toThrow();
    expect(() => verifyWsSignature({ ...params, price: '52000.01' }, secret, 1645423376600)).toThrow(
      'Signature for this request is not valid.',
    );
    expect(() => verifyWsSignature(params, secret, 1645423376700)).toThrow(
      'Timestamp for this request is outside of the recvWindow.',
    );
    expect(() => verifyWsSignature({ ...params, signature: undefined }, secret, 1645423376600)).toThrow(
      "Mandatory parameter 'signature'",
    );
  });
});
