/**
 * The Deposit screen's QR code: the member's BEP-20 deposit address as text and as a PNG data
 * URL. Only when this server takes deposits (config.chain.deposits: the RPC, the mnemonic and the
 * token contracts): without them no scanner credits a transfer, so showing an address would lose the
 * member's money.
 */
import type { DepositQrCode } from '../../../common/api/billing';
import type { Config } from '../../config/config';
import type { Db } from '../../db/database';
import { ensureDepositAddress } from '../deposits/addresses';

/** A PNG data URL (`data:image/png;base64,...`) the screen can use as an img src. */
export async function qrCodeOf(address: string): Promise<DepositQrCode> {
  // Loaded with the first code, not at boot: only a server that takes deposits draws one.
  const { toDataURL } = await import('qrcode');
  return { value: address, base64: await toDataURL(address, { type: 'image/png', errorCorrectionLevel: 'M', margin: 2 }) };
}

export async function depositQrCode(db: Db, config: Config, userId: string): Promise<DepositQrCode | null> {
  const { deposits } = config.chain;
  if (!deposits.enabled) return null;
  // Created on first use: the member gets an address the first time a screen asks for it.
  return qrCodeOf(await ensureDepositAddress(db, deposits.settings.addresses, userId));
}
