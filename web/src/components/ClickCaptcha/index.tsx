import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { observer } from 'mobx-react-lite';
import { Button, Modal, Spin } from '@arco-design/web-react';
import { IconRefresh } from '@/components/Icon/icons';
import { useT } from '@/lang';
import { ClickCaptchaStore } from './store';
import './index.css';

export interface ClickCaptchaProps {
  visible: boolean;
  /** the captcha id (a UUID generated once per page) */
  uuid: string;
  /** called with the info string after the pre-check passed */
  onSuccess: (info: string) => void;
  onCancel: () => void;
}

/**
 * The click captcha: shows the image of GET /api/common/clickCaptcha?id=, asks for the targets in order,
 * collects the clicks and pre-checks them with unset = false (the sign-in re-checks and consumes it).
 */
export const ClickCaptcha = observer(function ClickCaptcha({ visible, uuid, onSuccess, onCancel }: ClickCaptchaProps) {
  const t = useT();
  const [store, setStore] = useState(() => new ClickCaptchaStore(uuid));
  const image = useRef<HTMLImageElement>(null);
  const timer = useRef<number>(0);

  useEffect(() => {
    if (store.id !== uuid) setStore(new ClickCaptchaStore(uuid));
  }, [uuid, store.id]);

  useEffect(() => {
    if (visible) store.load();
    return () => window.clearTimeout(timer.current);
  }, [visible, store]);

  const onImageClick = async (event: MouseEvent<HTMLImageElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    store.addPoint({ x: event.clientX - rect.left, y: event.clientY - rect.top });
    if (!store.complete) return;
    const img = image.current!;
    const info = await store.check(img.width || rect.width, img.height || rect.height);
    if (info) {
      timer.current = window.setTimeout(() => onSuccess(info), 400);
    } else {
      timer.current = window.setTimeout(() => store.load(), 1000);
    }
  };

  const tip = (() => {
    if (store.error) return <span className="ba-captcha-tip is-error">{t('captcha.loadFailed')}</span>;
    if (store.status === 'checking') return <span className="ba-captcha-tip">{t('captcha.checking')}</span>;
    if (store.status === 'success') return <span className="ba-captcha-tip is-success">{t('captcha.success')}</span>;
    if (store.status === 'fail') return <span className="ba-captcha-tip is-error">{t('captcha.wrongArea')}</span>;
    return <span className="ba-captcha-tip">{t('captcha.clickInOrder', { text: store.text.join(' ') })}</span>;
  })();

  return (
    <Modal
      title={t('captcha.title')}
      visible={visible}
      onCancel={onCancel}
      footer={null}
      maskClosable={false}
      unmountOnExit
      style={{ width: 380 }}
      className="ba-captcha-modal"
    >
      <div className="ba-captcha">
        <Spin loading={store.loading} block>
          <div className="ba-captcha-image" style={{ aspectRatio: store.width && store.height ? `${store.width} / ${store.height}` : '350 / 200' }}>
            {store.base64 ? (
              <img ref={image} src={store.base64} alt="" draggable={false} onClick={onImageClick} data-testid="captcha-image" />
            ) : (
              <button type="button" className="ba-captcha-empty" onClick={() => store.load()}>
                {store.error ? t('captcha.loadFailed') : ''}
              </button>
            )}
            {store.points.map((p, i) => (
              <span key={i} className="ba-captcha-point" style={{ left: p.x, top: p.y }}>
                {i + 1}
              </span>
            ))}
          </div>
        </Spin>
        <div className="ba-captcha-footer">
          {tip}
          <Button type="text" size="small" icon={<IconRefresh />} onClick={() => store.load()} aria-label={t('captcha.refresh')}>
            {t('captcha.refresh')}
          </Button>
        </div>
      </div>
    </Modal>
  );
});

export default ClickCaptcha;
