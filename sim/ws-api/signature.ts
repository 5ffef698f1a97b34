/**
 * WebSocket API request signing: HMAC-SHA256 (hex, the API key's secret) over every request
 * parameter except `signature`, sorted by name and joined as `name=value&...` with the values
 * as sent (no percent-encoding). ccxt.pro's signParams builds exactly this (keysort + rawencode).
 */
import { verifySigned } from '../auth';

export type WsParams = Record<string, unknown>;

function text(value: unknown): string {
  return typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);
}

/** The signature payload of a WebSocket API request. */
export function signaturePayload(params: WsParams): string {
  return Object.keys(params)
    .filter((name) => name !== 'signature')
    .sort()
    .map((name) => `${name}=${text(params[name])}`)
    .join('&');
}

/**
 * Checks a signed request with the REST rules (auth.ts): the same time window, recvWindow limits,
 * error codes and messages, checked in the same order. Throws SimError.
 */
export function verifyWsSignature(params: WsParams, secret: string, serverTime: number): void {
  const signature = params.signature === undefined || params.signature === null ? null : text(params.signature);
  const query = signaturePayload(params) + (signature === null ? '' : `&signature=${encodeURIComponent(signature)}`);
  const optional = (value: unknown) => (value === undefined || value === null ? undefined : text(value));
  verifySigned(
    { query, body: '', timestamp: optional(params.timestamp), recvWindow: optional(params.recvWindow) },
    secret,
    serverTime,
  );
}
