/**
 * Serial capture by scanning: one scan (or typed serial + Enter) per unit; a duplicate, a text that is not a
 * serial or a scan past the quantity is flagged at once and not added. Shows "n of m scanned" and the serials
 * as removable tags. With `quantity` null the quantity is what is scanned (a count, a move): no bound, "n scanned".
 * Works with a keyboard-wedge scanner (it types and sends Enter) and on a 390 px phone.
 */
import './i18n';
import { useState } from 'react';
import { Input, Tag } from '@arco-design/web-react';
import { useT } from '@/lang';
import { scanSerial } from './capture';

export function SerialCapture({
  serials,
  quantity,
  onChange,
  disabled,
  focusKey,
}: {
  serials: string[];
  /** the units to scan; null: the quantity follows what is scanned (a count), no bound */
  quantity: number | null;
  onChange: (serials: string[]) => void;
  disabled?: boolean;
  /** `data-serials-for` of the capture, so a screen can put the keyboard in its scan field */
  focusKey?: string | number;
}) {
  const t = useT();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState('');
  const scan = () => {
    const outcome = scanSerial(serials, text, quantity ?? 0);
    if (outcome.kind === 'added') {
      onChange(outcome.serials);
      setProblem('');
      setText('');
      return;
    }
    setProblem(outcome.kind === 'duplicate' ? t('serials.duplicate', { serial: outcome.serial }) : outcome.kind === 'full' ? t('serials.full', { quantity: quantity ?? 0 }) : t('serials.invalid'));
    setText('');
  };
  const complete = quantity !== null && quantity > 0 && serials.length === quantity;
  return (
    <div className="serial-capture" data-serials="capture" data-serials-for={focusKey}>
      <Input
        size="small"
        value={text}
        disabled={disabled}
        placeholder={t('serials.scanSerial')}
        onChange={(v) => setText(v)}
        onPressEnter={(e) => {
          e.preventDefault();
          scan();
        }}
        data-serials="scan"
        style={{ width: '100%', minHeight: 32 }}
      />
      <div className={complete ? 'serial-count serial-count-done' : 'serial-count'} data-serials="count">
        {quantity === null ? t('serials.scanned', { count: serials.length }) : t('serials.count', { count: serials.length, quantity })}
      </div>
      {problem && (
        <div className="serial-problem" role="alert" data-serials="problem" style={{ color: 'rgb(var(--danger-6))' }}>
          {problem}
        </div>
      )}
      <div className="serial-tags" style={{ display: 'flex', flexWrap: 'wrap', gap: 4 }}>
        {serials.map((s) => (
          <Tag key={s} size="small" closable={!disabled} onClose={() => onChange(serials.filter((x) => x !== s))} data-serial={s}>
            {s}
          </Tag>
        ))}
      </div>
    </div>
  );
}
