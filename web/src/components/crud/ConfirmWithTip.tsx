import { useState, type ReactElement, type ReactNode } from 'react';
import { Popconfirm, Tooltip } from '@arco-design/web-react';
import type { PopconfirmProps } from '@arco-design/web-react';

export interface ConfirmWithTipProps {
  /** the tooltip of the (icon) button: hidden while the confirmation is open, so it never covers OK / Cancel */
  tip: ReactNode;
  title: ReactNode;
  onOk: () => unknown;
  okButtonProps?: PopconfirmProps['okButtonProps'];
  children: ReactElement;
}

/** A button with a tooltip that asks for confirmation before it acts. */
export function ConfirmWithTip({ tip, title, onOk, okButtonProps, children }: ConfirmWithTipProps) {
  const [confirming, setConfirming] = useState(false);
  return (
    <Popconfirm title={title} onOk={() => void onOk()} okButtonProps={okButtonProps} onVisibleChange={setConfirming}>
      <span>
        <Tooltip content={tip} {...(confirming ? { popupVisible: false } : {})}>
          {children}
        </Tooltip>
      </span>
    </Popconfirm>
  );
}

export default ConfirmWithTip;
