/** Listen keys of user-data streams: one per account and market, as Binance hands them out. */
import { randomBytes } from 'node:crypto';
import { type Account } from '../accounts';
import { type Market } from '../types';

export interface ListenKey {
  key: string;
  account: Account;
  market: Market;
}

export class ListenKeys {
  private readonly byKey = new Map<string, ListenKey>();

  /** Binance returns the account's existing key while it is valid. */
  open(account: Account, market: Market): string {
    for (const entry of this.byKey.values()) if (entry.account === account && entry.market === market) return entry.key;
    const key = randomBytes(30).toString('base64url').slice(0, 60);
    this.byKey.set(key, { key, account, market });
    return key;
  }

  get(key: string): ListenKey | undefined {
    return this.byKey.get(key);
  }

  close(key: string): void {
    this.byKey.delete(key);
  }
}
