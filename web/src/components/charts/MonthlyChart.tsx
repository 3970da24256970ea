/**
 * A monthly chart of two series (in and out): grouped columns for quantities, smoothed lines for amounts
 * (plotted in ten-thousands of yuan, the tooltip shows exact yuan). bizcharts is large (~1.6 MB minified):
 * load this module lazily — `lazy(() => import('@/components/charts/MonthlyChart'))` — never from a page
 * that does not draw a chart.
 */
import { useMemo } from 'react';
// Deep imports: G2 with its components, shapes and interactions (g2-all registers them), bizcharts'
// React layer — but not the package root, which also pulls G2Plot's ready-made plots (unused here).
import { getTheme } from 'bizcharts/es/core';
import 'bizcharts/es/g2-all';
import Chart from 'bizcharts/es/components/Chart';
import Axis from 'bizcharts/es/components/Axis';
import Legend from 'bizcharts/es/components/Legend';
import Tooltip from 'bizcharts/es/components/Tooltip';
import Interval from 'bizcharts/es/geometry/Interval';
import Line from 'bizcharts/es/geometry/Line';
import Point from 'bizcharts/es/geometry/Point';
import { chartRows, tenThousandsLabel, type ChartMeasure, type MonthlySeries } from './chartData';

export interface MonthlyChartProps {
  /** x-axis labels, one per month */
  months: string[];
  series: MonthlySeries[];
  measure: ChartMeasure;
  /** one colour per series */
  colors: string[];
  dark: boolean;
  height?: number;
  /** prefix of tooltip values (e.g. "¥") */
  valuePrefix?: string;
  /** index of the last month with figures (the current month of the current year); later ones stay empty */
  lastMonth?: number;
}

export default function MonthlyChart({ months, series, measure, colors, dark, height = 300, valuePrefix = '', lastMonth }: MonthlyChartProps) {
  const data = useMemo(() => chartRows(months, series, measure, lastMonth), [months, series, measure, lastMonth]);
  // G2's themes paint their own canvas background; the card's shows through instead
  const theme = useMemo(() => ({ ...getTheme(dark ? 'dark' : 'light'), background: 'transparent' }), [dark]);
  const scale = useMemo(
    () => ({
      value: { min: 0, nice: true, formatter: measure === 'amount' ? tenThousandsLabel : undefined },
      // every month on the axis, figures or not
      month: { type: 'cat', values: months, range: measure === 'amount' ? [0.03, 0.97] : undefined },
    }),
    [measure, months],
  );
  const tooltip: [string, (series: string, exact: string) => { name: string; value: string }] = [
    'series*exact',
    (name, exact) => ({ name, value: `${valuePrefix}${exact}` }),
  ];
  const axisText = { style: { fill: dark ? 'rgba(255,255,255,0.65)' : 'rgba(0,0,0,0.65)' } };
  return (
    <div className="ba-monthly-chart" data-measure={measure} data-theme={dark ? 'dark' : 'light'}>
      <Chart key={dark ? 'dark' : 'light'} height={height} data={data} autoFit scale={scale} theme={theme} appendPadding={[8, 12, 0, 0]}>
        <Legend position="top-right" itemName={axisText} />
        <Axis name="month" label={axisText} />
        <Axis name="value" label={axisText} grid={{ line: { style: { stroke: dark ? 'rgba(255,255,255,0.12)' : 'rgba(0,0,0,0.08)', lineDash: [3, 3] } } }} />
        <Tooltip shared showCrosshairs={measure === 'amount'} />
        {measure === 'quantity' ? (
          <Interval position="month*value" color={['series', colors]} adjust={[{ type: 'dodge', marginRatio: 0.1 }]} tooltip={tooltip} />
        ) : (
          <>
            <Line position="month*value" color={['series', colors]} shape="smooth" size={2} tooltip={tooltip} />
            <Point position="month*value" color={['series', colors]} shape="circle" size={3} tooltip={false} />
          </>
        )}
      </Chart>
    </div>
  );
}
