/** Wallet (SPEC sections 2, 4, 5, 7, 8): balances, transfer between spot and futures, assets, swap. */
import SwapOutlined from '@ant-design/icons/SwapOutlined';
import { Button, Card, Space } from 'antd';
import { useState } from 'react';
import { EXCHANGE_LABELS } from '../../../common/messages';
import { SCREEN_TITLES } from '../../../common/routes';
import { PageTitle } from '../../components/PageTitle';
import { AssetTabs } from './AssetTabs';
import { BalanceCards } from './BalanceCards';
import { LoadError } from '../../components/states';
import { TransferModal } from './TransferModal';
import { useWallet } from './useWallet';

export default function WalletPage() {
  const wallet = useWallet();
  const [transferring, setTransferring] = useState(false);
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 16 }}>
        <PageTitle title={SCREEN_TITLES.wallet} />
        <Button type="primary" icon={<SwapOutlined />} onClick={() => setTransferring(true)}>
          {EXCHANGE_LABELS.transfer}
        </Button>
      </div>
      {wallet.balancesError && (
        <LoadError title={EXCHANGE_LABELS.balancesFailed} detail={wallet.balancesError.message} onRetry={wallet.retryBalances} />
      )}
      <BalanceCards
        totalUsdt={wallet.totalUsdt}
        spot={wallet.spotAtHand}
        futures={wallet.futuresAtHand}
        loading={wallet.loading}
      />
      <Card>
        <AssetTabs
          spot={{ rows: wallet.spotAssets, error: wallet.spotAssetsError, retry: wallet.retrySpotAssets }}
          futures={{ rows: wallet.futuresAssets, error: wallet.futuresAssetsError, retry: wallet.retryFuturesAssets }}
        />
      </Card>
      <TransferModal
        open={transferring}
        onClose={() => setTransferring(false)}
        spot={wallet.spotAtHand}
        futures={wallet.futuresAtHand}
      />
    </Space>
  );
}
