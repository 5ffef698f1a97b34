import { describe, expect, it } from 'vitest';
import { checksummedAddress, depositAddressesOf } from './chain-addresses';

/** The public development phrase whose first addresses every Ethereum toolchain lists (the local chain's deposit phrase). */
const LOCAL_DEPOSIT_MNEMONIC = 'test test test test test test test test test test test junk';

describe('deposit address derivation', () => {
  it("follows BIP-44 m/44'/60'/0'/0/<index> (the well-known development addresses)", () => {
    const addresses = depositAddressesOf(LOCAL_DEPOSIT_MNEMONIC);
    expect(addresses.at(0)).toBe('0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266');
    expect(addresses.at(1)).toBe('0x70997970c51812dc3a010c7d01b50e0d17dc79c8');
    const other = depositAddressesOf('myth like bonus scare over problem client lizard pioneer submit female collect');
    expect(other.at(1)).not.toBe(addresses.at(1));
    // A second phrase does not disturb the first one's derivation (the account node is cached per phrase).
    expect(addresses.at(1)).toBe('0x70997970c51812dc3a010c7d01b50e0d17dc79c8');
  });
});

describe('the EIP-55 form of a payout address', () => {
  it('checksums an all-lower or all-upper case address', () => {
    expect(checksummedAddress('0x000000000000000000000000000000000000dead')).toBe('0x000000000000000000000000000000000000dEaD');
    expect(checksummedAddress('0xF39FD6E51AAD88F6F4CE6AB8827279CFFFB92266')).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266');
  });

  it('refuses a mixed-case address with a wrong checksum and text that is no address', () => {
    expect(checksummedAddress('0x000000000000000000000000000000000000DEaD')).toBeNull();
    expect(checksummedAddress('0x1234')).toBeNull();
    expect(checksummedAddress('not an address')).toBeNull();
  });
});
