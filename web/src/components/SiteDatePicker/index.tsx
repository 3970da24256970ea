/**
 * Arco's DatePicker and RangePicker on the site's calendar: "today" (the marked day, the Today / Now
 * buttons) is the site's day in its time zone (config `time_zone`, utils/time's display zone), like every
 * other time on screen, whatever the browser's zone. Use these instead of Arco's everywhere.
 *
 * Arco's `timezone` prop shows instants in a zone but reads and writes strings in the browser's zone; ours
 * are the site's wall-clock days and times ("2026-11-29", "2026-11-29 08:30:00"), so strings are turned into
 * the site's instant on the way in and written in the site's zone on the way out. Numbers, Dates and Dayjs
 * values are instants already and pass as they are. An empty picker opens on the site's month: Arco opens it on
 * the browser's (`defaultPickerValue` falls back to the browser's now), and where the two days differ across a
 * month's end the marked today was not on the page shown. Until the site's zone is known, Arco's pickers as they are.
 */
import type { Dayjs } from 'dayjs';
import { DatePicker as ArcoDatePicker } from '@arco-design/web-react';
import type { DatePickerProps, RangePickerProps } from '@arco-design/web-react/es/DatePicker/interface';
import { siteInstant, siteTimeZone, siteWallClock } from '@/utils/time';

type Value = DatePickerProps['value'];

function defaultFormat(showTime: unknown): string {
  return showTime ? 'YYYY-MM-DD HH:mm:ss' : 'YYYY-MM-DD';
}

/** A site wall-clock string as the instant it names; anything else as it is. */
function inward(value: Value, zone: string): Value {
  if (typeof value !== 'string' || value === '') return value;
  return siteInstant(value, zone) ?? value;
}

/** An instant the picker chose, written as the site's wall clock. */
function outward(date: Dayjs | undefined, zone: string, format: string): string | undefined {
  return date ? siteWallClock(date, format, zone) : undefined;
}

/** The site's now as the picker reads a page to open on: its wall clock, parsed by Arco in the browser's zone. */
function siteNow(zone: string, format: string): string {
  return siteWallClock(Date.now(), format, zone);
}

function SitePicker(props: DatePickerProps) {
  const zone = siteTimeZone();
  if (!zone) return <ArcoDatePicker {...props} />;
  const format = typeof props.format === 'string' ? props.format : defaultFormat(props.showTime);
  const { onChange, onSelect, onOk } = props;
  return (
    <ArcoDatePicker
      {...props}
      timezone={zone}
      defaultPickerValue={props.defaultPickerValue ?? siteNow(zone, format)}
      {...('value' in props ? { value: inward(props.value, zone) } : {})}
      {...('defaultValue' in props ? { defaultValue: inward(props.defaultValue, zone) } : {})}
      onChange={onChange && ((s, d) => onChange(d ? outward(d, zone, format)! : s, d))}
      onSelect={onSelect && ((s, d) => onSelect(d ? outward(d, zone, format)! : s, d))}
      onOk={onOk && ((s, d) => onOk(d ? outward(d, zone, format)! : s, d))}
    />
  );
}

function SiteRangePicker(props: RangePickerProps) {
  const zone = siteTimeZone();
  if (!zone) return <ArcoDatePicker.RangePicker {...props} />;
  const format = typeof props.format === 'string' ? props.format : defaultFormat(props.showTime);
  const { onChange, onSelect, onOk } = props;
  const inwards = (values: Value[] | undefined) => values?.map((v) => inward(v, zone)) as RangePickerProps['value'];
  const outwards = (strings: string[], dates: Dayjs[] | undefined) => (dates ? dates.map((d, i) => outward(d, zone, format) ?? strings[i]) : strings);
  return (
    <ArcoDatePicker.RangePicker
      {...props}
      timezone={zone}
      defaultPickerValue={props.defaultPickerValue ?? [siteNow(zone, format), siteNow(zone, format)]}
      {...('value' in props ? { value: inwards(props.value as Value[] | undefined) } : {})}
      {...('defaultValue' in props ? { defaultValue: inwards(props.defaultValue as Value[] | undefined) } : {})}
      onChange={onChange && ((s, d) => onChange(outwards(s, d), d))}
      onSelect={onSelect && ((s, d, extra) => onSelect(outwards(s, d), d, extra))}
      onOk={onOk && ((s, d) => onOk(outwards(s, d), d))}
    />
  );
}

export const DatePicker = Object.assign(SitePicker, { RangePicker: SiteRangePicker });

export default DatePicker;
