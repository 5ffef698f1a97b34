/** The @ant-design/charts line behind DailyProfitChart and ProfitChart (loaded on demand). */
import { Line } from '@ant-design/charts';
import { BOT_PALETTE } from '../chartData';

export interface ChartsLineProps {
  data: readonly object[];
  xField: string;
  yField: string;
  /** Series field for several lines (one colour each from the bot palette). */
  colorField?: string;
  height: number;
  dark: boolean;
}

export default function ChartsLine({ data, xField, yField, colorField, height, dark }: ChartsLineProps) {
  return (
    <Line
      data={[...data]}
      xField={xField}
      yField={yField}
      colorField={colorField}
      height={height}
      autoFit
      theme={dark ? 'classicDark' : 'classic'}
      scale={{ color: { range: [...BOT_PALETTE] } }}
      point={{ shapeField: 'circle', sizeField: 2 }}
      axis={{ y: { labelFormatter: (v: number) => v.toFixed(2) } }}
    />
  );
}
