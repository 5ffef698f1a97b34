/** Binance request signing: HMAC-SHA256 over the query string and body, and the time window. */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { SimError } from './types';

export function hmacHex(payload: string, secret: string): string {
  return createHmac('sha256', secret).update(payload).digest('hex');
}

/** Removes the signature parameter from urlencoded text, returning both parts. */
export function splitSignature(text: string): { rest: string; signature: string | null } {
  const match = /(^|&)signature=([^&]*)/.exec(text);
  if (!match) return { rest: text, signature: null };
  const rest = text.slice(0, match.index) + text.slice(match.index + match[0].length);
  return { rest, signature: decodeURIComponent(match[2]!) };
}

export interface SignedRequest {
  query: string;
  body: string;
  timestamp: string | undefined;
  recvWindow: string | undefined;
}

export const MAX_RECV_WINDOW = 60_000;

/**
 * Checks a SIGNED request as Binance does: the signature is HMAC-SHA256(secret, totalParams)
 * where totalParams is the query string concatenated with the body, without the signature
 * itself; the timestamp must not be more than 1 s ahead of the server, nor older than recvWindow
 * (default 5000 ms, at most 60000).
 */
export function verifySigned(req: SignedRequest, secret: string, serverTime: number): void {
  const q = splitSignature(req.query);
  const b = splitSignature(req.body);
  const signature = q.signature ?? b.signature;
  if (!signature) throw new SimError(-1102, "Mandatory parameter 'signature' was not sent, was empty/null, or malformed.");
  const timestamp = Number(req.timestamp);
  if (!req.timestamp || !Number.isFinite(timestamp)) {
    throw new SimError(-1102, "Mandatory parameter 'timestamp' was not sent, was empty/null, or malformed.");
  }
  const recvWindow = req.recvWindow === undefined ? 5000 : Number(req.recvWindow);
  if (!Number.isFinite(recvWindow) || recvWindow <= 0 || recvWindow > MAX_RECV_WINDOW) {
    throw new SimError(-1131, 'recvWindow must be less than 60000');
  }
  if (timestamp >= serverTime + 1000) {
    throw new SimError(-1021, "Timestamp for this request was 1000ms ahead of the server's time.");
  }
  if (serverTime - timestamp > recvWindow) throw new SimError(-1021, 'Timestamp for this request is outside of the recvWindow.');
  const expected = Buffer.from(hmacHex(q.rest + b.rest, secret));
  const given = Buffer.from(signature.toLowerCase());
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    throw new SimError(-1022, 'Signature for this request is not valid.');
  }
}
