/** Spot and Futures asset tables; Swap on every spot asset but USDT (SPEC section 2, Wallet). */
import { Button, Table, Tabs, type TableColumnsType } from 'antd';
import { useState } from 'react';
import type { WalletAsset } from '../../../common/api/exchange';
import { formatUsdt } from '../../../common/format';
import { EXCHANGE_LABELS } from '../../../common/messages';
import { assetBalance } from './assetBalance';
import { SwapModal } from './SwapModal';

interface Props {
  spotAssets: WalletAsset[];
  futuresAssets: WalletAsset[];
  loading: boolean;
}

const baseColumns: TableColumnsType<WalletAsset> = [
  { title: EXCHANGE_LABELS.colAsset, dataIndex: 'asset', key: 'asset' },
  {
    title: EXCHANGE_LABELS.colBalance,
    dataIndex: 'balance',
    key: 'balance',
    align: 'right',
    render: (balance: string, row: WalletAsset) => assetBalance(row.asset, balance),
  },
  {
    title: EXCHANGE_LABELS.colValue,
    dataIndex: 'value',
    key: 'value',
    align: 'right',
    render: (value: string) => formatUsdt(value),
  },
];

export function AssetTabs({ spotAssets, futuresAssets, loading }: Props) {
  const [swapping, setSwapping] = useState<WalletAsset | null>(null);
  const spotColumns: TableColumnsType<WalletAsset> = [
    ...baseColumns,
    {
      title: EXCHANGE_LABELS.colAction,
      key: 'action',
      align: 'right',
      render: (_: unknown, row) =>
        row.asset === 'USDT' ? null : (
          <Button size="small" onClick={() => setSwapping(row)} aria-label={`${EXCHANGE_LABELS.swap} ${row.asset}`}>
            {EXCHANGE_LABELS.swap}
          </Button>
        ),
    },
  ];
  const table = (rows: WalletAsset[], columns: TableColumnsType<WalletAsset>) => (
    <Table<WalletAsset> rowKey="asset" size="middle" columns={columns} dataSource={rows} loading={loading} pagination={false} />
  );

  return (
    <>
      <Tabs
        items={[
          { key: 'spot', label: EXCHANGE_LABELS.spot, children: table(spotAssets, spotColumns) },
          { key: 'futures', label: EXCHANGE_LABELS.futures, children: table(futuresAssets, baseColumns) },
        ]}
      />
      <SwapModal asset={swapping} onClose={() => setSwapping(null)} />
    </>
  );
}
