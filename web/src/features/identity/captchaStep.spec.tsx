import '@/test-support/dom-globals';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { captchaFields, newCaptchaId, useCaptchaStep } from './captchaStep';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

type Step = ReturnType<typeof useCaptchaStep>;

/** Mounts the hook in a component and hands back its latest answer. */
function mount(check: () => Promise<unknown>, captchaRequired: boolean, send: (info?: string) => void) {
  let step: Step | null = null;
  function Probe() {
    step = useCaptchaStep(check, captchaRequired, send);
    return null;
  }
  const container = document.createElement('div');
  const root: Root = createRoot(container);
  act(() => root.render(<Probe />));
  return { step: () => step!, unmount: () => act(() => root.unmount()) };
}

describe('the sign-in step of both login pages', () => {
  it('sends at once when the server asks for no captcha, and not at all when the form is refused', async () => {
    const send = jest.fn();
    const ok = mount(() => Promise.resolve(), false, send);
    await act(() => ok.step().submit());
    expect(send).toHaveBeenCalledWith();
    ok.unmount();
    const refused = mount(() => Promise.reject(new Error('required')), false, send);
    await act(() => refused.step().submit());
    expect(send).toHaveBeenCalledTimes(1);
    expect(refused.step().captcha.visible).toBe(false);
    refused.unmount();
  });

  it('shows the captcha first when the server asks for it, and sends its answer; cancelling sends nothing', async () => {
    const send = jest.fn();
    const page = mount(() => Promise.resolve(), true, send);
    await act(() => page.step().submit());
    expect([page.step().captcha.visible, send.mock.calls.length]).toEqual([true, 0]);
    act(() => page.step().captcha.onCancel());
    expect(page.step().captcha.visible).toBe(false);
    await act(() => page.step().submit());
    act(() => page.step().captcha.onSuccess('clicks'));
    expect(page.step().captcha.visible).toBe(false);
    expect(send).toHaveBeenCalledWith('clicks');
    page.unmount();
  });

  it('adds the captcha fields only when the captcha is on, with an empty answer when there is none', () => {
    expect(captchaFields(false, 'id-1', 'x')).toEqual({});
    expect(captchaFields(true, 'id-1')).toEqual({ captchaId: 'id-1', captchaInfo: '' });
    expect(captchaFields(true, 'id-1', 'x')).toEqual({ captchaId: 'id-1', captchaInfo: 'x' });
    expect(newCaptchaId()).not.toBe(newCaptchaId());
  });
});
