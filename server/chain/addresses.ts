/**
 * The chain's address rules, for the domain modules that may not speak ethers themselves:
 * deriving a member's deposit address from DEPOSIT_MNEMONIC, and the EIP-55 form of a payout
 * address. config-chain.ts hands them to the modules through config.chain.
 */
import { computeAddress, getAddress, HDNodeWallet, isAddress } from 'ethers';

const ACCOUNT_PATH = "m/44'/60'/0'/0";

/** Deriving the account node runs PBKDF2 over the phrase: do it once per phrase. */
let cached: { mnemonic: string; node: HDNodeWallet } | null = null;

function accountNode(mnemonic: string): HDNodeWallet {
  if (cached?.mnemonic !== mnemonic) cached = { mnemonic, node: HDNodeWallet.fromPhrase(mnemonic, undefined, ACCOUNT_PATH) };
  return cached.node;
}

/**
 * BIP-44 m/44'/60'/0'/0/<hdIndex> of `mnemonic`, lower-case. The phrase stays in this closure:
 * whoever holds the result can derive addresses but never read the secret.
 */
export function depositAddressesOf(mnemonic: string): { at(hdIndex: number): string } {
  return { at: (hdIndex) => accountNode(mnemonic).deriveChild(hdIndex).address.toLowerCase() };
}

/** The EIP-55 checksummed form of `text`, or null when it is no address (or a mixed-case one with a wrong checksum). */
export function checksummedAddress(text: string): string | null {
  return isAddress(text) ? getAddress(text) : null;
}

/**
 * The lower-case address of the hot wallet's key, so a withdrawal to the wallet that pays it can
 * be refused; null for a key that is no valid secp256k1 key (boot validation reports that).
 */
export function addressOfPrivateKey(privateKey: string): string | null {
  try {
    return computeAddress(privateKey).toLowerCase();
  } catch {
    return null;
  }
}
