/**
 * The scan field above an order's lines. A scanner (or a person) types a code and Enter: the code is resolved
 * and the lines change (see scan.ts), and the focus stays in the field, so the next scan works at once and a
 * whole order is scanned line after line with the keyboard alone. While the form is open, a scanner burst
 * typed while no field has the focus is caught too and lands here.
 */
import { useEffect, useRef, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Input, Tag } from '@arco-design/web-react';
import type { RefInputType } from '@arco-design/web-react/es/Input/interface';
import { IconScan } from '@arco-design/web-react/icon';
import { useT } from '@/lang';
import CameraScan from './CameraScan';
import { isTypingTarget, ScanStore, WedgeBuffer, type ScanTarget } from './scan';

const Feedback = observer(function Feedback({ scan }: { scan: ScanStore }) {
  const t = useT();
  const feedback = scan.feedback;
  if (!feedback) return <span className="orders-scan-hint">{t(scan.hintKey)}</span>;
  const text = feedback.text ?? t(feedback.key ?? '', feedback.args);
  return (
    <span className={feedback.ok ? 'orders-scan-ok' : 'orders-scan-error'} data-orders={feedback.ok ? 'scan-ok' : 'scan-error'} key={scan.applied}>
      {text}
    </span>
  );
});

export interface ScanFieldProps {
  /** What the scans change (an order form). */
  form: ScanTarget;
  /** Language keys: the field's placeholder, and the chip of the scanned shelf ({location}). */
  placeholder: string;
  shelfChip: string;
}

export const ScanField = observer(function ScanField({ form, placeholder, shelfChip }: ScanFieldProps) {
  const t = useT();
  const [scan] = useState(() => new ScanStore(form));
  const [value, setValue] = useState('');
  const input = useRef<RefInputType>(null);

  // a scanner burst while the focus is on no field (the page, a button): resolved here, the focus comes back
  useEffect(() => {
    const buffer = new WedgeBuffer();
    const onKey = (event: KeyboardEvent) => {
      if (isTypingTarget(event.target) || event.ctrlKey || event.metaKey || event.altKey) return;
      const code = buffer.key(event.key, event.timeStamp);
      if (code === null) return;
      event.preventDefault();
      input.current?.focus();
      void scan.scan(code);
    };
    document.addEventListener('keydown', onKey, true);
    return () => document.removeEventListener('keydown', onKey, true);
  }, [scan]);

  const submit = () => {
    const code = value;
    setValue('');
    void scan.scan(code).then(() => {
      // the lines changed under the field: keep the focus here unless the user went to another field meanwhile
      if (!isTypingTarget(document.activeElement)) input.current?.focus();
    });
  };

  return (
    <div className="orders-scan" data-orders="scan">
      <div className="orders-scan-row">
        <Input
          ref={input}
          className="orders-scan-input"
          value={value}
          onChange={setValue}
          prefix={<IconScan />}
          placeholder={t(placeholder)}
          aria-label={t('orders.scan.label')}
          autoComplete="off"
          spellCheck={false}
          enterKeyHint="enter"
          onKeyDown={(event) => {
            if (event.key === 'Tab' && !event.shiftKey && !value && form.keyboardToCurrentLine?.()) {
              event.preventDefault();
              return;
            }
            if (event.key !== 'Enter') return;
            // Enter is the scanner's end of code: it must not submit the order form
            event.preventDefault();
            event.stopPropagation();
            submit();
          }}
          data-orders="scan-input"
        />
        <CameraScan scan={scan} feedback={<Feedback scan={scan} />} />
      </div>
      <div className="orders-scan-status" role="status" aria-live="polite">
        {form.scanShelf && (
          <Tag closable size="small" color="arcoblue" onClose={() => form.setScanShelf(null)} data-orders="scan-shelf">
            {t(shelfChip, { location: form.scanShelf.location })}
          </Tag>
        )}
        <Feedback scan={scan} />
        {scan.pending > 0 && <span className="orders-scan-pending">…</span>}
      </div>
    </div>
  );
});

export default ScanField;
