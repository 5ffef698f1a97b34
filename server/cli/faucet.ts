/**
 * `npm run faucet -- <member email or 0x address> <USDT|IFT|IFX> <amount>`: mints test tokens
 * on the running local chain (npm run chain) to a member's deposit address. The address of an
 * email comes from the server's database (DATA_DIR or DATABASE_URL, like npm run admin): the
 * stored one, else derived from DEPOSIT_XPUB (or DEPOSIT_MNEMONIC). BSC_RPC_URL and TOKEN_* default to the local
 * chain's. Only the local chain's deployer may mint: this never works on BSC.
 */
import { pathToFileURL } from 'node:url';
import { eq } from 'drizzle-orm';
import { answerCommandLine, readCommandLine, type CommandLineSpec } from '../../common/command-line';
import { DEPOSIT_TOKENS, type DepositToken } from '../../common/api/billing';
import { depositAddressesOfXpub } from '../config/chain-addresses';
import { isChainAddress, mintTestTokens, TokenContractMissing } from '../chain/faucet';
import { loadConfig, type Env } from '../config/config';
import { openDatabase } from '../db/database';
import { depositAddresses } from '../db/schema';
import { findUserByEmail } from '../modules/accounts/users';
import { ensureDepositAddress } from '../modules/deposits/addresses';
import { processIo, type CliIo } from './io';
import { UsageError } from './usage-error';

const USAGE = `Usage: npm run faucet -- <member email or 0x address> <USDT|IFT|IFX> <amount>
       npm run faucet -- --help   this text

Mints tokens on the local chain (npm run chain) to a deposit address. BSC_RPC_URL and TOKEN_*
default to the local chain's. An email is looked up in the server's database (DATA_DIR or
DATABASE_URL); with the embedded database (PGlite) stop the server first, or pass the 0x
address shown on the Deposit screen instead.`;

/** No flags: three words, or --help. */
const FAUCET_COMMAND: CommandLineSpec = { command: 'npm run faucet', usage: USAGE, flags: {}, maxPositionals: 3 };

function parseArgs(argv: string[]): { who: string; token: DepositToken; amount: string } {
  const [who, token, amount] = argv;
  if (!who || !token || !amount) throw new UsageError('three arguments are required');
  if (!DEPOSIT_TOKENS.includes(token.toUpperCase() as DepositToken))
    throw new UsageError(`token must be one of ${DEPOSIT_TOKENS.join(', ')}`);
  if (!/^\d{1,20}(\.\d{1,18})?$/.test(amount) || /^[0.]+$/.test(amount))
    throw new UsageError('amount must be a positive number with at most 18 decimals');
  return { who, token: token.toUpperCase() as DepositToken, amount };
}

async function memberAddress(email: string, env: Env): Promise<string> {
  const config = loadConfig(env, { createSecrets: false });
  const database = await openDatabase(config, { holder: 'faucet', mustExist: true });
  try {
    const user = await findUserByEmail(database.db, email);
    if (!user) throw new UsageError(`no member with email ${email}`);
    const [stored] = await database.db
      .select({ address: depositAddresses.address })
      .from(depositAddresses)
      .where(eq(depositAddresses.userId, user.id));
    if (stored) return stored.address;
    if (!config.depositXpub)
      throw new UsageError(
        `${email} has no deposit address yet: set DEPOSIT_XPUB (or DEPOSIT_MNEMONIC) as the server has it, or press Make payment on the Deposit screen first`,
      );
    return await ensureDepositAddress(database.db, depositAddressesOfXpub(config.depositXpub), user.id);
  } finally {
    await database.close();
  }
}

export async function runFaucet(argv: string[], env: Env, io: CliIo): Promise<number> {
  if (argv[0] === 'help') {
    io.out(USAGE);
    return 0;
  }
  const line = readCommandLine(argv, FAUCET_COMMAND);
  if (line.kind !== 'run') return answerCommandLine(line, io);
  try {
    const { who, token, amount } = parseArgs(line.positionals);
    const to = isChainAddress(who) ? who.toLowerCase() : await memberAddress(who, env);
    const rpcUrl = env.BSC_RPC_URL?.trim() || 'http://127.0.0.1:8545';
    const minted = await mintTestTokens({
      rpcUrl,
      token,
      to,
      amount,
      tokenAddress: env[`TOKEN_${token}`]?.trim() || undefined,
    }).catch((error: unknown) => {
      throw error instanceof TokenContractMissing ? new UsageError(error.message) : error;
    });
    io.out(
      `sent ${amount} ${token} to ${to} in block ${minted.blockNumber ?? '?'} (tx ${minted.hash}); it is credited once the block is CHAIN_CONFIRMATIONS deep`,
    );
    return 0;
  } catch (error) {
    if (error instanceof UsageError) io.err(`${error.message}\n\n${USAGE}`);
    else io.err(error instanceof Error ? error.message : String(error));
    return 1;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runFaucet(process.argv.slice(2), process.env, processIo).then((code) => process.exit(code));
}
