/**
 * The payout address check the shared schema cannot make: common/ has no ethers, so it only
 * checks the shape (0x + 40 hex). Here a mixed-case address must carry a valid EIP-55 checksum
 * (a typo in one letter would otherwise send the member's money nowhere), and the zero address,
 * where tokens burn, is refused. The checksum itself is server/chain's
 * (config.chain.checksummedAddress): this module speaks no ethers.
 */
import { SERVER } from '../../../common/messages';
import type { ChecksumAddress } from '../../config/chain';
import { DomainError } from '../errors';

const ZERO_ADDRESS = `0x${'0'.repeat(40)}`;

/** The checksummed form of `raw`, or a DomainError('invalid') saying what is wrong. */
export function payoutAddress(raw: string, checksummed: ChecksumAddress): string {
  const address = checksummed(raw.trim());
  if (address === null) throw new DomainError('billing.withdrawal_address_invalid', SERVER.withdrawAddressInvalid);
  if (address === ZERO_ADDRESS) throw new DomainError('billing.withdrawal_address_invalid', SERVER.withdrawZeroAddress);
  return address;
}
