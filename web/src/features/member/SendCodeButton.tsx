import { useEffect, useState } from 'react';
import { makeAutoObservable, runInAction } from 'mobx';
import { observer } from 'mobx-react-lite';
import { Button } from '@arco-design/web-react';
import { sendCode, type Channel } from '@/api/platform';
import { ClickCaptcha } from '@/components/ClickCaptcha';
import { newCaptchaId } from '@/features/identity/captchaStep';
import { useT } from '@/lang';

export const RESEND_SECONDS = 60;

/** One "send code" button: the sending, the click captcha when the server wants it, and the count-down after. */
export class SendCodeStore {
  seconds = 0;
  sending = false;
  /** The click captcha's id while it is open. */
  captchaId = '';
  private request: { channel: Channel; event: string; address: string } | null = null;
  private timer: ReturnType<typeof setInterval> | undefined;

  constructor(private readonly send: typeof sendCode = sendCode) {
    makeAutoObservable<this, 'request' | 'timer' | 'send'>(this, { request: false, timer: false, send: false });
  }

  /** Sends a code to `address`, after the click captcha when `captcha`. */
  start(channel: Channel, event: string, address: string, captcha: boolean): void {
    this.request = { channel, event, address };
    if (captcha) this.captchaId = newCaptchaId();
    else void this.deliver();
  }

  cancelCaptcha(): void {
    this.captchaId = '';
  }

  captchaPassed(info: string): void {
    const captchaId = this.captchaId;
    this.captchaId = '';
    void this.deliver({ captchaId, captchaInfo: info });
  }

  private async deliver(captcha?: { captchaId: string; captchaInfo: string }): Promise<void> {
    if (!this.request) return;
    const { channel, address, event } = this.request;
    this.sending = true;
    try {
      await this.send(channel, address, event, captcha);
      runInAction(() => this.countDown());
    } catch {
      // the request layer showed the message
    } finally {
      runInAction(() => (this.sending = false));
    }
  }

  private countDown(): void {
    this.seconds = RESEND_SECONDS;
    clearInterval(this.timer);
    this.timer = setInterval(() => runInAction(() => this.tick()), 1000);
  }

  private tick(): void {
    if (this.seconds <= 1) clearInterval(this.timer);
    this.seconds -= 1;
  }

  dispose(): void {
    clearInterval(this.timer);
  }
}

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
export const SendCodeButton = observer(function SendCodeButton({ channel, event, target, captcha, disabled }: SendCodeButtonProps) {
  const t = useT();
  const [store] = useState(() => new SendCodeStore());
  useEffect(() => () => store.dispose(), [store]);

  const onClick = async () => {
    const address = await target();
    if (address) store.start(channel, event, address, captcha);
  };

  return (
    <>
      <Button onClick={() => void onClick()} loading={store.sending} disabled={disabled || store.seconds > 0} data-testid="send-code" className="ba-send-code">
        {store.seconds > 0 ? t('member.resend', { seconds: store.seconds }) : t('member.sendCode')}
      </Button>
      <ClickCaptcha visible={Boolean(store.captchaId)} uuid={store.captchaId || 'pending'} onCancel={() => store.cancelCaptcha()} onSuccess={(info) => store.captchaPassed(info)} />
    </>
  );
});

export default SendCodeButton;
