/** The account service's screens: Subscription, Deposit, Withdraw, Referral programme, My Team. */

/** Rules of the withdrawal and reward swap forms. */
export const BILLING_VALIDATION = {
  addressRequired: 'Address is required.',
  amountPositive: 'Amount must be a positive number.',
  amountAtMost: (balance: string | number) => `Amount must be less than or equal to ${balance}.`,
  bep20AddressInvalid: 'Enter a BEP-20 address: 0x followed by 40 hexadecimal characters.',
} as const;

/** What the account service answers: subscriptions, rewards, team, withdrawals, deposits, idempotency keys. */
export const BILLING_SERVER = {
  noActiveSubscriptionCode: 'Buy a subscription to unlock your referral ID.',
  rewardSwapped: 'USDT rewards swapped to your USDT wallet successfully',
  rewardSwapTooLarge: (balance: string) => `Amount must be less than or equal to your reward balance of ${balance} USDT.`,
  teamLevelUnknown: (levels: number) =>
    levels === 0 ? 'The referral programme has no levels configured.' : `filters.level must be between 1 and ${levels}.`,
  /** validityLabel of the user data: whole days left of the subscription, rounded up. */
  validityDays: (days: number) => `${days} ${days === 1 ? 'day' : 'days'}`,
  subscriptionNone: 'No subscription yet. Subscribe to a plan to start trading.',
  subscriptionExpiresOn: (date: string) => `Your subscription is active until ${date}.`,
  subscriptionExpiredOn: (date: string) => `Your subscription expired on ${date}. Subscribe again to keep trading.`,
  planNotFound: 'This plan is not offered any more. Please choose another plan.',
  subscriptionPurchased: 'Subscription purchased successfully',
  subscriptionUnaffordable: (usdt: string, ifc: string) =>
    `Insufficient balance: this plan costs ${usdt} USDT or ${ifc} IFC. Deposit on the Deposit page, then subscribe again.`,
  withdrawalsUnavailable: 'Withdrawals are not available on this server: it is not set up to pay out on Binance Smart Chain.',
  withdrawAddressInvalid: 'Enter a valid BEP-20 address: its upper and lower case letters do not match the address checksum.',
  withdrawZeroAddress: 'The zero address cannot receive a withdrawal. Enter your own BEP-20 address.',
  withdrawInsufficient: (available: string) => `Insufficient reward balance: you can withdraw at most ${available} USDT.`,
  withdrawRequested: 'Withdrawal requested. It is paid to your address in a few minutes.',
  /** Withdrawal limits (issue 20); the Withdraw screen shows the same words. */
  withdrawBelowMinimum: (minimum: string, fee: string) =>
    `The minimum withdrawal is ${minimum} USDT, of which ${fee} USDT pays the BEP-20 network fee.`,
  withdrawPendingLimit: (max: number) =>
    `You already have ${max} pending ${max === 1 ? 'withdrawal' : 'withdrawals'}. Wait until one is paid, then withdraw again.`,
  withdrawDailyLimit: (max: number) =>
    `You can request at most ${max} ${max === 1 ? 'withdrawal' : 'withdrawals'} in 24 hours. Try again later.`,
  withdrawToPlatformAddress:
    'This is a deposit address of this platform, not an outside wallet. To move rewards into your USDT wallet, use Swap Rewards on this screen.',
  /** The Idempotency-Key header of a purchase, withdrawal or reward swap (issue 9). */
  idempotencyKeyInvalid: (max: number) =>
    `The Idempotency-Key header must be 1 to ${max} visible ASCII characters without spaces, such as a UUID.`,
  idempotencyKeyReused: 'This Idempotency-Key was already used for a different request. Send a new key for a new request.',
  depositsUnavailable: 'Deposits are not available on this server: it runs without a Binance Smart Chain connection.',
  depositsCredited: (count: number) => `Deposit synced: ${count} new ${count === 1 ? 'transfer' : 'transfers'} credited.`,
  depositsNoneYet: (confirmations: number) =>
    `No new deposit yet. A transfer is credited once ${confirmations} more ${confirmations === 1 ? 'block confirms' : 'blocks confirm'} it; try again in a minute.`,
} as const;

/** Toasts of the account-service screens. */
export const BILLING_UI = {
  referralCopied: 'Referral ID copied successfully!',
  addressCopied: 'Address copied successfully!',
} as const;

/** Labels and texts of the account-service screens (Subscription, Deposit, Withdraw, Referral programme, My Team). */
export const ACCOUNT_LABELS = {
  colNo: 'No',
  colAmount: 'Amount',
  colDate: 'Date',
  expiryDate: 'Expiry Date',
  status: 'Status',
  statusPending: 'Pending',
  statusActive: 'Active',
  statusInactive: 'In-Active',
  validity: 'Validity',
  usdtBalance: 'USDT Balance',
  iftBalance: 'IFT Balance',
  ifxBalance: 'IFX Balance',
  ifcWallet: 'IFC Wallet',
  ifcValue: (dollars: string) => `≈ $${dollars}`,
  deposit: 'Deposit',
  withdraw: 'Withdraw',
  plans: 'Plans',
  noPlans: 'No plans on offer right now.',
  planDays: (days: number) => `${days} ${days === 1 ? 'day' : 'days'}`,
  planPrice: (usdt: string, ifc: string) => `${usdt} USDT or ${ifc} IFC`,
  subscribe: 'Subscribe',
  subscriptionHistory: 'Subscription History',
  colUsdt: 'USDT',
  colIfc: 'IFC',
  colDays: 'Days',
  colAvailableCredit: 'Available Credit',
  makePayment: 'make payment',
  syncStatus: 'sync status',
  depositAddress: 'Deposit Address',
  depositQrAlt: 'QR code of your deposit address',
  copyAddress: 'Copy address',
  timeLeft: (mmss: string) => `Time left: ${mmss}`,
  bep20Note: 'Deposits accept only BEP-20 tokens (USDT, IFT, IFX) on Binance Smart Chain.',
  chainUnavailable: 'Deposits are not available on this server: it runs without a Binance Smart Chain connection.',
  withdrawalsUnavailable:
    'Withdrawals are not available on this server: it is not set up to pay out on Binance Smart Chain. You can still swap your rewards to USDT.',
  depositHistory: 'Deposit History',
  colToken: 'Token',
  colTxHash: 'Transaction Hash',
  rewardsEarned: 'Rewards Earned',
  withdrawRewards: 'Withdraw USDT Rewards',
  toAddress: 'BEP-20 Address',
  swapRewards: 'Swap Rewards',
  swapRewardsTitle: 'Swap Rewards to USDT',
  swap: 'Swap',
  swapAmount: 'Swap Amount',
  rewardBalance: (balance: string) => `Reward balance: ${balance} USDT`,
  withdrawHistory: 'Withdraw History',
  /** The withdrawal terms shown above the Withdraw button (issue 20). */
  withdrawTerms: 'Withdrawal terms',
  withdrawMinimum: 'Minimum withdrawal',
  withdrawFee: 'Network fee (BEP-20)',
  withdrawArrives: 'You receive',
  withdrawPending: 'Pending withdrawals',
  withdrawLastDay: 'Withdrawals in the last 24 hours',
  usdtAmount: (amount: string) => `${amount} USDT`,
  withdrawCountOf: (used: number, max: number) => `${used} of ${max}`,
  /** Why the Withdraw button is disabled (issue 23): nothing, or too little, to withdraw. */
  withdrawNoRewards: 'Nothing to withdraw yet: your rewards are $0.00.',
  withdrawRewardsBelowMinimum: (rewards: string, minimum: string) =>
    `Your rewards ($${rewards}) are below the minimum withdrawal of ${minimum} USDT.`,
  colToAddress: 'To Address',
  colStatus: 'Status',
  referralShare:
    'Share your referral ID with friends. When your friends join and buy a subscription, you earn up to 10% of the subscription amount.',
  myReferralId: 'My Referral ID',
  copyReferralId: 'Copy referral ID',
  myTeam: 'My Team',
  rewardHistory: 'Reward History',
  colPercent: '%',
  colReferredUser: 'Referred User',
  level: (level: number) => `Level ${level}`,
  reward: 'Reward',
  members: 'Members',
  totalSubscription: 'Total Subscription',
  levelMembers: (level: number) => `Level ${level} Members`,
  noTeam: 'No team members yet.',
  colName: 'Name',
  colSponsor: 'Sponsor',
  colTotalIncome: 'Total Income',
  colActive: 'Active',
} as const;
