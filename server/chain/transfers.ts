/** ERC-20 Transfer logs of the deposit tokens, decoded into what the ledger credits. */
import { formatUnits, id, type Log } from 'ethers';
import type { DepositToken } from '../../common/api/billing';
import type { TransferLog } from '../modules/deposits/credit';

export const TRANSFER_TOPIC = id('Transfer(address,address,uint256)');
/** BSC's USDT, and our IFT and IFX, all use 18 decimals. */
export const TOKEN_DECIMALS = 18;
/** numeric(38,18) holds at most 20 integer digits: anything bigger is not a real deposit. */
const MAX_RAW = 10n ** 38n;

const topicAddress = (topic: string) => `0x${topic.slice(26)}`.toLowerCase();

export type Decoded = { transfer: TransferLog } | { skipped: string } | null;

/** null: not a deposit candidate (another event, zero value); skipped: worth a log line. */
export function decodeTransfer(log: Log, tokenOf: ReadonlyMap<string, DepositToken>): Decoded {
  const token = tokenOf.get(log.address.toLowerCase());
  if (!token || log.topics[0] !== TRANSFER_TOPIC || log.topics.length !== 3) return null;
  const value = BigInt(log.data);
  if (value === 0n) return null;
  if (value >= MAX_RAW) return { skipped: `transfer ${log.transactionHash}:${log.index} of ${token} is too large to credit` };
  return {
    transfer: {
      token,
      txHash: log.transactionHash.toLowerCase(),
      logIndex: log.index,
      blockNumber: log.blockNumber,
      blockHash: log.blockHash.toLowerCase(),
      from: topicAddress(log.topics[1]!),
      to: topicAddress(log.topics[2]!),
      amount: formatUnits(value, TOKEN_DECIMALS),
    },
  };
}
