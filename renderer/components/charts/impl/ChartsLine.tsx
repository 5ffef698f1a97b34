/** The @ant-design/charts line behind DailyProfitChart and ProfitChart (loaded on demand). */
import { Line } from '@ant-design/charts';
import { BRAND_COLOR } from '../../../app/themeConfig';
import { BOT_PALETTE } from '../chartData';

export interface ChartsLineProps {
  data: readonly object[];
  xField: string;
  yField: string;
  /** Axis titles. */
  xTitle: string;
  yTitle: string;
  /** Series field for several lines (one colour each from the bot palette). */
  colorField?: string;
  height: number;
  dark: boolean;
}

export default function ChartsLine({ data, xField, yField, xTitle, yTitle, colorField, height, dark }: ChartsLineProps) {
  return (
    <Line
      data={[...data]}
      xField={xField}
      yField={yField}
      colorField={colorField}
      height={height}
      autoFit
      // The theme's default colour draws a single line in the brand colour instead of G2's blue.
      theme={{ type: dark ? 'classicDark' : 'classic', color: BRAND_COLOR, category10: [...BOT_PALETTE] }}
      scale={{ color: { range: [...BOT_PALETTE] } }}
      // Room for the axis titles, so neither they nor the tick labels are cut at the edges.
      paddingLeft={64}
      paddingBottom={48}
      paddingRight={24}
      point={{ shapeField: 'circle', sizeField: 2 }}
      axis={{
        x: { title: xTitle, labelAutoHide: true, labelAutoRotate: false },
        y: { title: yTitle, labelFormatter: (v: number) => v.toFixed(2) },
      }}
    />
  );
}
