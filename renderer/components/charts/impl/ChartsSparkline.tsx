/** The @ant-design/charts tiny line behind Sparkline (loaded on demand). */
import { Tiny } from '@ant-design/charts';

export interface ChartsSparklineProps {
  values: readonly number[];
  height: number;
  color: string;
}

export default function ChartsSparkline({ values, height, color }: ChartsSparklineProps) {
  return <Tiny.Line data={[...values]} height={height} autoFit smooth style={{ stroke: color, lineWidth: 2 }} />;
}
