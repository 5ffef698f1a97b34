/**
 * A local BEP-20 chain a newcomer (and every chain test) runs without BSC access: ganache
 * in-process, serving JSON-RPC on a local port, with USDT, IFT and IFX deployed from the
 * OpenZeppelin ERC-20 artifact (18 decimals, as BSC's USDT), a funded hot wallet for payouts
 * and a faucet that sends tokens to any address (a member's deposit address).
 *
 * The keys here are ganache's and Hardhat's well-known development keys: public, worthless,
 * and never used unless this local chain runs.
 */
import { createRequire } from 'node:module';
import { ethers } from 'ethers';
import ganache from 'ganache';
import type { DepositToken } from '../../common/api/wallet-service';

const require = createRequire(import.meta.url);

/** Ganache's deterministic accounts: 0 deploys and mints, 1 is the payout hot wallet. */
const GANACHE_MNEMONIC = 'myth like bonus scare over problem client lizard pioneer submit female collect';
/** A separate, well-known development phrase for member deposit addresses. */
export const LOCAL_DEPOSIT_MNEMONIC = 'test test test test test test test test test test test junk';
export const LOCAL_CHAIN_ID = 1337;

const TOKEN_NAMES: Record<DepositToken, string> = { USDT: 'Tether USD', IFT: 'IFT Token', IFX: 'IFX Token' };

export interface LocalChainOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  host?: string;
  /** USDT (whole tokens) the hot wallet starts with. */
  hotWalletUsdt?: string;
}

export interface LocalChain {
  rpcUrl: string;
  chainId: number;
  provider: ethers.JsonRpcProvider;
  tokens: Record<DepositToken, string>;
  hotWallet: { address: string; privateKey: string };
  depositMnemonic: string;
  /** Sends `amount` whole tokens (a decimal string) to `to`; resolves once mined. */
  faucet(token: DepositToken, to: string, amount: string): Promise<{ txHash: string; blockNumber: number }>;
  /** Mines `blocks` empty blocks (confirmations). */
  mine(blocks?: number): Promise<void>;
  /** Balance of `token` at `address`, in whole tokens. */
  balanceOf(token: DepositToken, address: string): Promise<string>;
  /** evm_snapshot / evm_revert: rewinds the chain, for reorganisation tests. */
  snapshot(): Promise<string>;
  revert(id: string): Promise<void>;
  close(): Promise<void>;
}

interface Artifact {
  abi: ethers.InterfaceAbi;
  bytecode: string;
}

function presetArtifact(): Artifact {
  return require('@openzeppelin/contracts/build/contracts/ERC20PresetMinterPauser.json') as Artifact;
}

const ERC20_MINT_ABI = [
  'function mint(address to, uint256 amount)',
  'function transfer(address to, uint256 amount) returns (bool)',
  'function balanceOf(address) view returns (uint256)',
];

export async function startLocalChain(options: LocalChainOptions = {}): Promise<LocalChain> {
  const server = ganache.server({
    logging: { quiet: true },
    chain: { chainId: LOCAL_CHAIN_ID },
    wallet: { mnemonic: GANACHE_MNEMONIC, totalAccounts: 2, defaultBalance: 1000 },
    miner: { instamine: 'eager' },
  });
  const host = options.host ?? '127.0.0.1';
  await server.listen(options.port ?? 0, host);
  const address = server.address();
  const rpcUrl = `http://${host}:${address.port}`;
  const provider = new ethers.JsonRpcProvider(rpcUrl, LOCAL_CHAIN_ID, { staticNetwork: true, polling: true, pollingInterval: 50, cacheTimeout: -1 });
  const deployer = ethers.Wallet.fromPhrase(GANACHE_MNEMONIC, provider);
  const hot = ethers.HDNodeWallet.fromPhrase(GANACHE_MNEMONIC, undefined, "m/44'/60'/0'/0/1").connect(provider);
  const nonce = new ethers.NonceManager(deployer);
  const artifact = presetArtifact();
  const tokens = {} as Record<DepositToken, string>;
  for (const symbol of Object.keys(TOKEN_NAMES) as DepositToken[]) {
    const contract = await new ethers.ContractFactory(artifact.abi, artifact.bytecode, nonce).deploy(TOKEN_NAMES[symbol], symbol);
    await contract.waitForDeployment();
    tokens[symbol] = (await contract.getAddress()).toLowerCase();
  }
  const token = (symbol: DepositToken) => new ethers.Contract(tokens[symbol], ERC20_MINT_ABI, nonce);

  async function faucet(symbol: DepositToken, to: string, amount: string) {
    const tx = (await token(symbol).getFunction('mint')(to, ethers.parseUnits(amount, 18))) as ethers.ContractTransactionResponse;
    const receipt = await tx.wait();
    return { txHash: tx.hash, blockNumber: receipt!.blockNumber };
  }
  await faucet('USDT', hot.address, options.hotWalletUsdt ?? '1000000');

  return {
    rpcUrl,
    chainId: LOCAL_CHAIN_ID,
    provider,
    tokens,
    hotWallet: { address: hot.address, privateKey: hot.privateKey },
    depositMnemonic: LOCAL_DEPOSIT_MNEMONIC,
    faucet,
    async mine(blocks = 1) {
      for (let i = 0; i < blocks; i += 1) await provider.send('evm_mine', []);
    },
    async balanceOf(symbol, owner) {
      const raw = (await new ethers.Contract(tokens[symbol], ERC20_MINT_ABI, provider).getFunction('balanceOf')(owner)) as bigint;
      return ethers.formatUnits(raw, 18);
    },
    snapshot: () => provider.send('evm_snapshot', []) as Promise<string>,
    async revert(id) {
      await provider.send('evm_revert', [id]);
    },
    async close() {
      provider.destroy();
      await server.close();
    },
  };
}
