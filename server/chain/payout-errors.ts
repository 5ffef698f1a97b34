/**
 * What the payout worker writes about a failure (withdrawals.last_error, the log): a short
 * message, never a stack, never the hot wallet's key. ethers errors carry the JSON-RPC request
 * (the signed transaction: public) but not the key; the redaction is a guard against a future
 * change that would put it there.
 */
const MAX_LENGTH = 500;

export function redactKey(text: string, hotWalletKey: string): string {
  const bare = hotWalletKey.replace(/^0x/i, '');
  if (bare.length === 0) return text;
  return text.split(bare).join('[redacted]').split(bare.toLowerCase()).join('[redacted]');
}

export function failureText(error: unknown, hotWalletKey: string): string {
  const short = (error as { shortMessage?: unknown })?.shortMessage;
  const text = typeof short === 'string' ? short : error instanceof Error ? error.message : String(error);
  const safe = redactKey(text, hotWalletKey);
  return safe.length > MAX_LENGTH ? `${safe.slice(0, MAX_LENGTH - 1)}…` : safe;
}
