import { useState } from 'react';

/** A new captcha id: one per page (admin sign-in) or per attempt (member sign-in, codes). */
export function newCaptchaId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(16)}-${Math.random().toString(16).slice(2)}-${Math.random().toString(16).slice(2)}`;
}

/** The captcha fields a sign-in sends when the server asks for the captcha (none otherwise). */
export function captchaFields(required: boolean, captchaId: string, captchaInfo?: string): { captchaId?: string; captchaInfo?: string } {
  return required ? { captchaId, captchaInfo: captchaInfo ?? '' } : {};
}

/**
 * The sign-in step of a page (admin and member alike): the form is checked, then the click captcha is
 * shown when the server asks for it, then `send` runs (with the captcha's answer). `captcha` goes to the
 * page's <ClickCaptcha> with the store's captcha id.
 */
export function useCaptchaStep(check: () => Promise<unknown>, captchaRequired: boolean, send: (captchaInfo?: string) => void) {
  const [visible, setVisible] = useState(false);
  const submit = async () => {
    try {
      await check();
    } catch {
      return;
    }
    if (captchaRequired) setVisible(true);
    else send();
  };
  const captcha = {
    visible,
    onCancel: () => setVisible(false),
    onSuccess: (info: string) => {
      setVisible(false);
      send(info);
    },
  };
  return { submit, captcha };
}
