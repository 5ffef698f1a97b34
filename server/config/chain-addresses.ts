/**
 * The chain's address rules, for the domain modules that may not speak ethers themselves:
 * deriving a member's deposit address from the account xpub (DEPOSIT_XPUB, or the one of
 * DEPOSIT_MNEMONIC), and the EIP-55 form of a payout address. config/chain.ts hands them to the
 * modules through config.chain.
 */
import { computeAddress, getAddress, type HDNodeVoidWallet, HDNodeWallet, isAddress } from 'ethers';
import { accountXpubOf } from './chain-keys';

/** The external chain (0) of the account node, parsed once per xpub. */
let cached: { xpub: string; node: HDNodeVoidWallet | HDNodeWallet } | null = null;

function externalChain(xpub: string): HDNodeVoidWallet | HDNodeWallet {
  if (cached?.xpub !== xpub) cached = { xpub, node: HDNodeWallet.fromExtendedKey(xpub).deriveChild(0) };
  return cached.node;
}

/**
 * Child 0/<hdIndex> of the account xpub (m/44'/60'/0'), that is BIP-44 m/44'/60'/0'/0/<hdIndex>,
 * lower-case. Public derivation: no secret is needed to hand out addresses.
 */
export function depositAddressesOfXpub(xpub: string): { at(hdIndex: number): string } {
  return { at: (hdIndex) => externalChain(xpub).deriveChild(hdIndex).address.toLowerCase() };
}

/**
 * BIP-44 m/44'/60'/0'/0/<hdIndex> of `mnemonic`, lower-case: the same addresses as its account
 * xpub gives. The phrase stays in this closure: whoever holds the result can derive addresses
 * but never read the secret.
 */
export function depositAddressesOf(mnemonic: string): { at(hdIndex: number): string } {
  return depositAddressesOfXpub(accountXpubOf(mnemonic));
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
