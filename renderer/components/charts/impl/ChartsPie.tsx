/** The @ant-design/charts donut behind FundsPie (loaded on demand). */
import { Pie } from '@ant-design/charts';
import { formatUsdt } from '../../../../common/format';
import type { FundsSlice } from '../chartData';

export interface ChartsPieProps {
  /** Slices with their legend label ('BTC/USDT 42.10%') and colour. */
  data: readonly FundsSlice[];
  height: number;
  dark: boolean;
}

export default function ChartsPie({ data, height, dark }: ChartsPieProps) {
  return (
    <Pie
      data={[...data]}
      angleField="value"
      colorField="label"
      innerRadius={0.6}
      height={height}
      autoFit
      theme={dark ? 'classicDark' : 'classic'}
      scale={{ color: { domain: data.map((d) => d.label), range: data.map((d) => d.color) } }}
      legend={{ color: { position: 'bottom', layout: { justifyContent: 'center' } } }}
      label={false}
      // The exact amount, in USDT as every figure is written.
      tooltip={{ items: [(d: FundsSlice) => ({ name: d.label, value: `${formatUsdt(d.amount)} USDT` })] }}
    />
  );
}
