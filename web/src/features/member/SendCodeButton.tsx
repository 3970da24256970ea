import { useEffect, useRef, useState } from 'react';
import { Button } from '@arco-design/web-react';
import { sendCode, type Channel } from '@/api/user';
import { ClickCaptcha } from '@/components/ClickCaptcha';
import { useT } from '@/lang';
import { newCaptchaId } from '@/features/identity/captchaStep';

export const RESEND_SECONDS = 60;

export interface SendCodeButtonProps {
  channel: Channel;
  event: string;
  /** the address to send to after the form checked it, or null to stop (the form shows why) */
  target: () => Promise<string | null>;
  /** whether the server wants the click captcha before sending */
  captcha: boolean;
  disabled?: boolean;
}

/**
 * "Send code": checks the address, asks for the click captcha when it is on, sends the code by e-mail or
 * SMS, then counts down 60 seconds before it can send again.
 */
export function SendCodeButton({ channel, event, target, captcha, disabled }: SendCodeButtonProps) {
  const t = useT();
  const [seconds, setSeconds] = useState(0);
  const [sending, setSending] = useState(false);
  const [captchaId, setCaptchaId] = useState('');
  const address = useRef('');
  const timer = useRef<number>(0);

  useEffect(() => () => window.clearInterval(timer.current), []);

  const countDown = () => {
    setSeconds(RESEND_SECONDS);
    window.clearInterval(timer.current);
    timer.current = window.setInterval(() => {
      setSeconds((s) => {
        if (s <= 1) window.clearInterval(timer.current);
        return s - 1;
      });
    }, 1000);
  };

  const send = async (info?: string, id?: string) => {
    setSending(true);
    try {
      await sendCode(channel, address.current, event, info && id ? { captchaId: id, captchaInfo: info } : undefined);
      countDown();
    } catch {
      // the request layer showed the message
    } finally {
      setSending(false);
    }
  };

  const onClick = async () => {
    const value = await target();
    if (!value) return;
    address.current = value;
    if (captcha) setCaptchaId(newCaptchaId());
    else void send();
  };

  return (
    <>
      <Button onClick={() => void onClick()} loading={sending} disabled={disabled || seconds > 0} data-testid="send-code" className="ba-send-code">
        {seconds > 0 ? t('member.resend', { seconds }) : t('member.sendCode')}
      </Button>
      <ClickCaptcha
        visible={Boolean(captchaId)}
        uuid={captchaId || 'pending'}
        onCancel={() => setCaptchaId('')}
        onSuccess={(info) => {
          const id = captchaId;
          setCaptchaId('');
          void send(info, id);
        }}
      />
    </>
  );
}

export default SendCodeButton;
