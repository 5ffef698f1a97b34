/**
 * A local BEP-20 chain a newcomer (and every chain test) runs without BSC access: ganache
 * in-process, serving JSON-RPC on a local port, with USDT, IFT and IFX deployed from the
 * OpenZeppelin ERC-20 artifact (18 decimals, as BSC's USDT), a funded hot wallet for payouts
 * and a faucet that sends tokens to any address (a member's deposit address).
 *
 * The keys here are ganache's and Hardhat's well-known development keys: public, worthless,
 * and never used unless this local chain runs.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { ethers } from 'ethers';
import type { DepositToken } from '../../common/api/billing';

const require = createRequire(import.meta.url);

/** Ganache's deterministic accounts: 0 deploys and mints (the faucet), 1 is the payout hot wallet. */
export const LOCAL_CHAIN_MNEMONIC = 'myth like bonus scare over problem client lizard pioneer submit female collect';
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
  /**
   * A folder to keep the chain in: a restart then continues the same chain (blocks, balances,
   * contracts), so a scanner's cursor and the credited transfers stay true. Default: in memory.
   */
  dbPath?: string;
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

interface KeptChain {
  tokens: Record<DepositToken, string>;
}

/** In a kept chain's folder: the token contracts it deployed. */
const KEPT_TOKENS_FILE = 'griddesk-tokens.json';

/** The contracts a kept chain already has, or null when they must be deployed. */
async function keptTokens(provider: ethers.Provider, dbPath: string | undefined): Promise<Record<DepositToken, string> | null> {
  const file = dbPath && join(dbPath, KEPT_TOKENS_FILE);
  if (!file || !existsSync(file)) return null;
  const kept = JSON.parse(readFileSync(file, 'utf8')) as KeptChain;
  const codes = await Promise.all(Object.values(kept.tokens).map((address) => provider.getCode(address)));
  return codes.every((code) => code !== '0x') ? kept.tokens : null;
}

function keepTokens(dbPath: string, tokens: Record<DepositToken, string>): void {
  writeFileSync(join(dbPath, KEPT_TOKENS_FILE), JSON.stringify({ tokens } satisfies KeptChain, null, 2));
}

async function deployTokens(deployer: ethers.Signer): Promise<Record<DepositToken, string>> {
  const artifact = presetArtifact();
  const tokens = {} as Record<DepositToken, string>;
  for (const symbol of Object.keys(TOKEN_NAMES) as DepositToken[]) {
    const contract = await new ethers.ContractFactory(artifact.abi, artifact.bytecode, deployer).deploy(
      TOKEN_NAMES[symbol],
      symbol,
    );
    await contract.waitForDeployment();
    tokens[symbol] = (await contract.getAddress()).toLowerCase();
  }
  return tokens;
}

export async function startLocalChain(options: LocalChainOptions = {}): Promise<LocalChain> {
  const server = await serveGanache(options);
  const provider = new ethers.JsonRpcProvider(server.rpcUrl, LOCAL_CHAIN_ID, {
    staticNetwork: true,
    polling: true,
    pollingInterval: 50,
    cacheTimeout: -1,
  });
  const deployer = ethers.Wallet.fromPhrase(LOCAL_CHAIN_MNEMONIC, provider);
  const hot = ethers.HDNodeWallet.fromPhrase(LOCAL_CHAIN_MNEMONIC, undefined, "m/44'/60'/0'/0/1").connect(provider);
  const nonce = new ethers.NonceManager(deployer);
  const kept = await keptTokens(provider, options.dbPath);
  const deployed = kept ?? (await deployTokens(nonce));
  const faucet = tokenFaucet(deployed, nonce);
  if (!kept) {
    await faucet('USDT', hot.address, options.hotWalletUsdt ?? '1000000');
    if (options.dbPath) keepTokens(options.dbPath, deployed);
  }

  return {
    rpcUrl: server.rpcUrl,
    chainId: LOCAL_CHAIN_ID,
    provider,
    tokens: deployed,
    hotWallet: { address: hot.address, privateKey: hot.privateKey },
    depositMnemonic: LOCAL_DEPOSIT_MNEMONIC,
    faucet,
    async mine(blocks = 1) {
      for (let i = 0; i < blocks; i += 1) await provider.send('evm_mine', []);
    },
    async balanceOf(symbol, owner) {
      const raw = (await new ethers.Contract(deployed[symbol], ERC20_MINT_ABI, provider).getFunction('balanceOf')(
        owner,
      )) as bigint;
      return ethers.formatUnits(raw, 18);
    },
    snapshot: () => provider.send('evm_snapshot', []) as Promise<string>,
    async revert(id) {
      await provider.send('evm_revert', [id]);
      nonce.reset(); // the deployer's later transactions were undone with the blocks
    },
    async close() {
      provider.destroy();
      await server.close();
    },
  };
}

/** Ganache serving the chain's JSON-RPC on `options.port` (kept in `options.dbPath` when set). */
async function serveGanache(options: LocalChainOptions): Promise<{ rpcUrl: string; close(): Promise<void> }> {
  // Loaded here, not at the top: ganache is a development dependency, and a production server
  // bundle that never starts a local chain must boot without it.
  const { default: ganache } = await import('ganache').catch((error: unknown) => {
    if ((error as { code?: string }).code !== 'ERR_MODULE_NOT_FOUND') throw error;
    throw new Error(
      'the local chain needs the development dependencies (ganache, @openzeppelin/contracts): run it from a full install (npm ci), not a production one (npm ci --omit=dev)',
    );
  });
  if (options.dbPath) mkdirSync(options.dbPath, { recursive: true });
  const server = ganache.server({
    logging: { quiet: true },
    chain: { chainId: LOCAL_CHAIN_ID },
    wallet: { mnemonic: LOCAL_CHAIN_MNEMONIC, totalAccounts: 2, defaultBalance: 1000 },
    miner: { instamine: 'eager' },
    ...(options.dbPath ? { database: { dbPath: options.dbPath } } : {}),
  });
  const host = options.host ?? '127.0.0.1';
  await server.listen(options.port ?? 0, host);
  const address = server.address();
  return { rpcUrl: `http://${host}:${address.port}`, close: () => server.close() };
}

/** Mints `amount` whole tokens to `to` from the deployer (the minter); resolves once mined. */
function tokenFaucet(tokens: Record<DepositToken, string>, minter: ethers.Signer): LocalChain['faucet'] {
  return async (symbol, to, amount) => {
    const contract = new ethers.Contract(tokens[symbol], ERC20_MINT_ABI, minter);
    const tx = (await contract.getFunction('mint')(to, ethers.parseUnits(amount, 18))) as ethers.ContractTransactionResponse;
    const receipt = await tx.wait();
    return { txHash: tx.hash, blockNumber: receipt!.blockNumber };
  };
}
