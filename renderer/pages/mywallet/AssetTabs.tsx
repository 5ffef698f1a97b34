/**
 * Spot and Futures asset tables; Swap on every spot asset but USDT (SPEC section 2, Wallet). Each
 * balance says what running bots and cycles hold of it; a table still loading shows a skeleton,
 * one that failed says so with Retry, and an empty one says the wallet holds nothing.
 */
import { Button, Empty, Skeleton, Table, Tabs, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import type { WalletAsset } from '../../../common/api/exchange';
import { formatUsdt } from '../../../common/format';
import { EXCHANGE_LABELS } from '../../../common/messages';
import { assetBalance } from './assetBalance';
import { atHandOf, heldByBots } from './atHand';
import { LoadError } from '../../components/states';
import { SwapModal } from './SwapModal';

interface Side {
  rows: WalletAsset[] | undefined;
  error: Error | null;
  retry: () => void;
}

interface Props {
  spot: Side;
  futures: Side;
}

function BalanceCell({ row }: { row: WalletAsset }) {
  const atHand = atHandOf(row, row.balance);
  return (
    <>
      <div>{assetBalance(row.asset, row.balance)}</div>
      {heldByBots(atHand) && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {EXCHANGE_LABELS.inBots(assetBalance(row.asset, atHand.inBots), row.asset)}
        </Typography.Text>
      )}
    </>
  );
}

const baseColumns: TableColumnsType<WalletAsset> = [
  { title: EXCHANGE_LABELS.colAsset, dataIndex: 'asset', key: 'asset' },
  {
    title: EXCHANGE_LABELS.colBalance,
    dataIndex: 'balance',
    key: 'balance',
    align: 'right',
    render: (_: string, row: WalletAsset) => <BalanceCell row={row} />,
  },
  {
    title: EXCHANGE_LABELS.colValue,
    dataIndex: 'value',
    key: 'value',
    align: 'right',
    render: (value: string) => formatUsdt(value),
  },
];

export function AssetTabs({ spot, futures }: Props) {
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
  const table = (side: Side, columns: TableColumnsType<WalletAsset>) => {
    // Figures already shown stay while a refresh fails; the error shows only when there is nothing to show.
    if (side.rows === undefined && side.error)
      return <LoadError title={EXCHANGE_LABELS.assetsFailed} detail={side.error.message} onRetry={side.retry} />;
    if (side.rows === undefined) return <Skeleton active title={false} paragraph={{ rows: 3 }} />;
    return (
      <Table<WalletAsset>
        rowKey="asset"
        size="middle"
        columns={columns}
        dataSource={side.rows}
        pagination={false}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={EXCHANGE_LABELS.noAssets} /> }}
      />
    );
  };

  return (
    <>
      <Tabs
        items={[
          { key: 'spot', label: EXCHANGE_LABELS.spot, children: table(spot, spotColumns) },
          { key: 'futures', label: EXCHANGE_LABELS.futures, children: table(futures, baseColumns) },
        ]}
      />
      <SwapModal asset={swapping} onClose={() => setSwapping(null)} />
    </>
  );
}
