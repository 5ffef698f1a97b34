/**
 * Test tokens minted on the local chain (npm run chain) for `npm run faucet`. The CLI parses its
 * arguments and finds a member's address; the chain work (the provider, the local chain's
 * deployer as the minter, finding the token contracts) lives here, beside the rest of ethers.
 * Only the local chain's deployer may mint: this never works on BSC.
 */
import { Contract, JsonRpcProvider, Wallet, getCreateAddress, isAddress, parseUnits, type HDNodeWallet } from 'ethers';
import type { DepositToken } from '../../common/api/billing';
import { LOCAL_CHAIN_ID, LOCAL_CHAIN_MNEMONIC } from './local-chain';

const ERC20 = ['function mint(address to, uint256 amount)', 'function symbol() view returns (string)'];

/** No contract of that token on the chain: the chain is not running, or TOKEN_<symbol> is wrong. */
export class TokenContractMissing extends Error {}

export interface MintRequest {
  rpcUrl: string;
  token: DepositToken;
  to: string;
  /** Whole tokens as a decimal string (18 decimals at most). */
  amount: string;
  /** TOKEN_<symbol> when set; else the local chain's deployment is searched. */
  tokenAddress?: string | undefined;
}

export interface Minted {
  hash: string;
  blockNumber: number | null;
}

/** Whether `text` is a 0x address (any case; a mixed-case one must carry its checksum). */
export function isChainAddress(text: string): boolean {
  return isAddress(text);
}

/** The token's contract: the configured one, else one of the local deployer's first contracts. */
async function tokenAddress(token: DepositToken, configured: string | undefined, deployer: HDNodeWallet): Promise<string> {
  if (configured) return configured;
  for (let nonce = 0; nonce < 3; nonce += 1) {
    const address = getCreateAddress({ from: deployer.address, nonce });
    const symbol = await (new Contract(address, ERC20, deployer).getFunction('symbol')() as Promise<string>).catch(() => null);
    if (symbol === token) return address;
  }
  throw new TokenContractMissing(`no ${token} contract found on the chain: is npm run chain running? (or set TOKEN_${token})`);
}

/** Mints `amount` of `token` to `to` and waits for the block. */
export async function mintTestTokens(request: MintRequest): Promise<Minted> {
  const provider = new JsonRpcProvider(request.rpcUrl, LOCAL_CHAIN_ID, { staticNetwork: true, batchMaxCount: 1 });
  try {
    // The local chain's minter: a public development key.
    const deployer = Wallet.fromPhrase(LOCAL_CHAIN_MNEMONIC, provider);
    const contract = new Contract(await tokenAddress(request.token, request.tokenAddress, deployer), ERC20, deployer);
    const tx = (await contract.getFunction('mint')(request.to, parseUnits(request.amount, 18))) as {
      hash: string;
      wait(): Promise<{ blockNumber: number } | null>;
    };
    const receipt = await tx.wait();
    return { hash: tx.hash, blockNumber: receipt?.blockNumber ?? null };
  } finally {
    provider.destroy();
  }
}
