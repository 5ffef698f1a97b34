/**
 * The payout address check the shared schema cannot make: common/ has no ethers, so it only
 * checks the shape (0x + 40 hex). Here a mixed-case address must carry a valid EIP-55 checksum
 * (a typo in one letter would otherwise send the member's money nowhere), and the zero address,
 * where tokens burn, is refused.
 */
import { ethers } from 'ethers';
import { SERVER } from '../../../common/messages';
import { DomainError } from '../errors';

/** The checksummed form of `raw`, or a DomainError('invalid') saying what is wrong. */
export function payoutAddress(raw: string): string {
  const text = raw.trim();
  if (!ethers.isAddress(text)) throw new DomainError('billing.withdrawal_address_invalid', SERVER.withdrawAddressInvalid);
  const address = ethers.getAddress(text);
  if (address === ethers.ZeroAddress) throw new DomainError('billing.withdrawal_address_invalid', SERVER.withdrawZeroAddress);
  return address;
}
