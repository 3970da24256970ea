/**
 * Seven days of one figure as columns (bizcharts, loaded lazily with this module: only the overview draws it).
 */
import { useMemo } from 'react';
import { getTheme } from 'bizcharts/es/core';
import 'bizcharts/es/g2-all';
import Chart from 'bizcharts/es/components/Chart';
import Axis from 'bizcharts/es/components/Axis';
import Tooltip from 'bizcharts/es/components/Tooltip';
import Interval from 'bizcharts/es/geometry/Interval';

export interface DayChartProps {
  days: string[];
  values: number[];
  label: string;
  color: string;
  dark: boolean;
  height?: number;
}

export default function DayChart({ days, values, label, color, dark, height = 220 }: DayChartProps) {
  const data = useMemo(() => days.map((day, i) => ({ day: day.slice(5), value: values[i] ?? 0 })), [days, values]);
  const theme = useMemo(() => ({ ...getTheme(dark ? 'dark' : 'light'), background: 'transparent' }), [dark]);
  const axisText = { style: { fill: dark ? 'rgba(255,255,255,0.65)' : 'rgba(0,0,0,0.65)' } };
  return (
    <div className="ba-day-chart" data-theme={dark ? 'dark' : 'light'}>
      <Chart key={dark ? 'dark' : 'light'} height={height} data={data} autoFit theme={theme} scale={{ value: { nice: true, alias: label } }} appendPadding={[12, 8, 0, 0]}>
        <Axis name="day" label={axisText} />
        <Axis name="value" label={axisText} grid={{ line: { style: { stroke: dark ? 'rgba(255,255,255,0.12)' : 'rgba(0,0,0,0.08)', lineDash: [3, 3] } } }} />
        <Tooltip />
        <Interval position="day*value" color={color} />
      </Chart>
    </div>
  );
}
