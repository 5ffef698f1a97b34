/** Billing-service answers for the billing screens' unit tests; tests override what they look at. */
import type { UserProfile } from '../../../../common/api/account';
import type { Paged } from '../../../../common/api/subscriptions';
import type { WalletUserData } from '../../../../common/api/billing';

export const walletUserData = (over: Partial<WalletUserData> = {}): WalletUserData => ({
  subscription: {
    expireDate: '2026-12-31T12:00:00Z',
    validityLabel: '30 days',
    isExpire: false,
    note: 'Your subscription renews nothing by itself.',
  },
  isActiveSubscription: true,
  usdtToken: '120.456',
  ifcNewToken: '400',
  ifcNewTokenPrice: '0.25',
  usdtRewardToken: '12.5',
  iftToken: '3',
  ifxToken: '4.005',
  qrCode: { value: '0x1234567890abcdef1234567890abcdef12345678', base64: 'data:image/png;base64,iVBORw0KGgo=' },
  chainEnabled: true,
  withdrawalsEnabled: true,
  withdrawalLimits: { minimum: '10', fee: '1', pendingMax: 3, pending: 0, dailyMax: 10, lastDay: 0 },
  ...over,
});

export const userProfile = (over: Partial<UserProfile> = {}): UserProfile => ({
  usdtRewardToken: '25.5',
  userCode: 'ABC123',
  isShowUserCode: true,
  userCodeMsg: '',
  ...over,
});

/** Page `current` of `pages`, each record made by `make(n)` with n numbering on across pages. */
export function pageOf<T>(make: (n: number) => T, current: number, pages: number, size = 10): Paged<T> {
  const onPage = current < pages ? size : size - 3;
  const records = Array.from({ length: onPage }, (_, i) => make((current - 1) * size + i + 1));
  return { records, current, pages, total: (pages - 1) * size + size - 3 };
}

export const emptyPage = <T>(): Paged<T> => ({ records: [], current: 1, pages: 0, total: 0 });

/** The body rows of the table named `label`, as cell texts. */
export function tableRows(label: string): string[][] {
  const table = document.querySelector(`[aria-label="${label}"]`);
  if (!table) throw new Error(`no table named ${label}`);
  return [...table.querySelectorAll('tbody tr.ant-table-row')].map((tr) =>
    [...tr.querySelectorAll('td')].map((td) => td.textContent ?? ''),
  );
}

/** Makes navigator.clipboard answer (jsdom has none); returns the spy. */
export function stubClipboard(writeText: (text: string) => Promise<void>) {
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
}
