/** The @ant-design/charts donut behind FundsPie (loaded on demand). */
import { Pie } from '@ant-design/charts';
import type { PiePoint } from '../chartData';

export interface ChartsPieProps {
  data: readonly PiePoint[];
  colors: readonly string[];
  height: number;
  dark: boolean;
}

export default function ChartsPie({ data, colors, height, dark }: ChartsPieProps) {
  return (
    <Pie
      data={[...data]}
      angleField="value"
      colorField="label"
      innerRadius={0.6}
      height={height}
      autoFit
      theme={dark ? 'classicDark' : 'classic'}
      scale={{ color: { domain: data.map((d) => d.label), range: [...colors] } }}
      legend={{ color: { position: 'bottom', layout: { justifyContent: 'center' } } }}
      label={false}
      tooltip={{ items: [(d: PiePoint) => ({ name: d.label, value: d.value.toFixed(2) })] }}
    />
  );
}
