/**
 * Icon picker: an input showing the chosen Arco icon, and a searchable grid of the
 * @arco-design/web-react/icon set. The value is the component name ('IconHome').
 */
import './i18n';
import { useMemo, useState } from 'react';
import { Button, Empty, Input, Popover } from '@arco-design/web-react';
import { IconClose } from '@arco-design/web-react/icon';
import { useT } from '@/lang';
import { CrudIcon, ICON_NAMES } from './icons';

export interface IconSelectProps {
  value?: string | null;
  onChange?: (value: string) => void;
  placeholder?: string;
  disabled?: boolean;
}

export function filterIcons(keyword: string, names: string[] = ICON_NAMES): string[] {
  const k = keyword.trim().toLowerCase().replace(/^icon[-_\s]?/, '').replace(/[-_\s]/g, '');
  if (!k) return names;
  return names.filter((n) => n.toLowerCase().replace(/^icon/, '').includes(k));
}

export function IconSelect({ value, onChange, placeholder, disabled }: IconSelectProps) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [keyword, setKeyword] = useState('');
  const names = useMemo(() => filterIcons(keyword), [keyword]);

  const panel = (
    <div className="crud-icon-panel" data-crud="icon-panel">
      <Input.Search allowClear autoFocus value={keyword} onChange={setKeyword} placeholder={t('crud.iconSearch')} />
      <div className="crud-icon-count">{t('crud.iconCount', { count: names.length })}</div>
      {names.length ? (
        <div className="crud-icon-grid">
          {names.map((name) => (
            <button
              type="button"
              key={name}
              title={name}
              className={`crud-icon-item${name === value ? ' is-active' : ''}`}
              onClick={() => {
                onChange?.(name);
                setOpen(false);
              }}
            >
              <CrudIcon name={name} />
            </button>
          ))}
        </div>
      ) : (
        <Empty description={t('crud.noData')} />
      )}
    </div>
  );

  return (
    <Popover trigger="click" position="bl" popupVisible={open && !disabled} onVisibleChange={(v) => setOpen(v)} content={panel} className="crud-icon-popover">
      <Input
        readOnly
        disabled={disabled}
        value={value ?? ''}
        placeholder={placeholder ?? t('crud.iconPlaceholder')}
        prefix={<span className="crud-icon-preview">{value ? <CrudIcon name={value} /> : null}</span>}
        suffix={
          value && !disabled ? (
            <Button
              size="mini"
              type="text"
              icon={<IconClose />}
              aria-label={t('crud.clear')}
              onClick={(e) => {
                e.stopPropagation();
                onChange?.('');
              }}
            />
          ) : null
        }
      />
    </Popover>
  );
}

export default IconSelect;
