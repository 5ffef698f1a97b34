/**
 * The chain secrets and addresses of the environment, checked when the configuration loads
 * (config.ts): a phrase that is no BIP-39 mnemonic, a key outside secp256k1's range or a
 * token address with a broken checksum stops boot with one line, instead of failing later inside
 * a route (500) or the payout worker (an ethers stack trace). Each check answers yes or no and
 * never quotes what it was given: config.ts words the refusal without the secret.
 */
import { computeAddress, getAddress, HDNodeWallet, isHexString, Mnemonic, SigningKey } from 'ethers';

/** BIP-44 account m/44'/60'/0': its xpub yields deposit address i as child 0/i (addresses.ts). */
export const ACCOUNT_PATH = "m/44'/60'/0'";
const ACCOUNT_DEPTH = 3;

/** A BIP-39 phrase: English words, a valid word count and a matching checksum. */
export function isValidMnemonic(phrase: string): boolean {
  try {
    return Mnemonic.isValidMnemonic(phrase);
  } catch {
    return false;
  }
}

/** 0x + 64 hex characters and, as a secp256k1 scalar, from 1 to n-1 (ethers refuses the rest when signing). */
export function isValidPrivateKey(key: string): boolean {
  if (!isHexString(key, 32)) return false;
  try {
    SigningKey.computePublicKey(key);
    return true;
  } catch {
    return false;
  }
}

/** The address a (valid) private key pays from, EIP-55. */
export function addressOfPrivateKey(key: string): string {
  return computeAddress(key);
}

/** The EIP-55 form of a 0x address, or null when it is none or its mixed case breaks the checksum. */
export function checksumOf(address: string): string | null {
  if (!/^0x[0-9a-fA-F]{40}$/.test(address)) return null;
  try {
    return getAddress(address);
  } catch {
    return null;
  }
}

/** Deriving the account node runs PBKDF2 over the phrase: once per phrase. */
let derived: { mnemonic: string; xpub: string } | null = null;

/** The account-level extended public key (m/44'/60'/0') of `mnemonic`; the phrase is not kept in it. */
export function accountXpubOf(mnemonic: string): string {
  if (derived?.mnemonic !== mnemonic) {
    derived = { mnemonic, xpub: HDNodeWallet.fromPhrase(mnemonic, undefined, ACCOUNT_PATH).neuter().extendedKey };
  }
  return derived.xpub;
}

/** Why `text` is no account-level xpub (a rule, never the value), or null when it is one. */
export function accountXpubProblem(text: string): string | null {
  let node;
  try {
    node = HDNodeWallet.fromExtendedKey(text);
  } catch {
    return 'must be an extended public key (xpub...)';
  }
  // A private extended key would put a spending secret where only addresses are needed.
  if (node instanceof HDNodeWallet) return 'must be an extended public key (xpub...), not a private one';
  if (node.depth !== ACCOUNT_DEPTH)
    return `must be the account-level key (${ACCOUNT_PATH}, depth ${ACCOUNT_DEPTH}; got depth ${node.depth})`;
  return null;
}
