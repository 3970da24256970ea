/** A key / value list (config type `array`): a row per entry, add and remove rows. */
import { Button, Input } from '@arco-design/web-react';
import { IconDelete, IconPlus } from '@arco-design/web-react/icon';
import { useT } from '@/lang';
import type { KeyValueRow } from './configForm';

export interface KeyValueInputProps {
  value?: KeyValueRow[];
  onChange?: (value: KeyValueRow[]) => void;
  disabled?: boolean;
  /** names the rows for tests and screen readers */
  name?: string;
}

export function KeyValueInput({ value, onChange, disabled, name }: KeyValueInputProps) {
  const t = useT();
  const rows = Array.isArray(value) ? value : [];
  const update = (index: number, patch: Partial<KeyValueRow>) => onChange?.(rows.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  return (
    <div className="config-kv" data-testid={name ? `config-kv-${name}` : undefined}>
      <div className="config-kv-head">
        <span>{t('routine.config.key')}</span>
        <span>{t('routine.config.value')}</span>
        <span />
      </div>
      {rows.map((row, index) => (
        <div className="config-kv-row" key={index}>
          <Input value={row.key} disabled={disabled} aria-label={`${t('routine.config.key')} ${index + 1}`} onChange={(key) => update(index, { key })} />
          <Input value={row.value} disabled={disabled} aria-label={`${t('routine.config.value')} ${index + 1}`} onChange={(v) => update(index, { value: v })} />
          <Button
            type="text"
            status="danger"
            icon={<IconDelete />}
            disabled={disabled}
            aria-label={t('routine.config.removeRow')}
            title={t('routine.config.removeRow')}
            onClick={() => onChange?.(rows.filter((_, i) => i !== index))}
          />
        </div>
      ))}
      <Button type="dashed" size="small" long icon={<IconPlus />} disabled={disabled} onClick={() => onChange?.([...rows, { key: '', value: '' }])}>
        {t('routine.config.addRow')}
      </Button>
    </div>
  );
}

export default KeyValueInput;
