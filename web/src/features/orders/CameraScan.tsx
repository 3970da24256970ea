/**
 * The camera button beside the scan field (phones and tablets, where a camera is at hand): a dialog with the
 * live picture; every code read goes to the same scan queue as a scanner's. The reader itself loads on the
 * first opening (see camera.ts), so the pages that never open it do not pay for it.
 */
import { useEffect, useRef, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Alert, Button, Modal } from '@arco-design/web-react';
import { IconCamera } from '@arco-design/web-react/icon';
import { useT } from '@/lang';
import type { ScanStore } from './scan';

/** A camera can be used: the browser offers getUserMedia (a secure context) and the device has a touch screen. */
export function cameraAvailable(): boolean {
  if (typeof window === 'undefined' || typeof navigator === 'undefined') return false;
  const touch = typeof window.matchMedia === 'function' && window.matchMedia('(pointer: coarse)').matches;
  return touch && typeof navigator.mediaDevices?.getUserMedia === 'function';
}

export const CameraScan = observer(function CameraScan({ scan, feedback }: { scan: ScanStore; feedback: React.ReactNode }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const video = useRef<HTMLVideoElement>(null);

  useEffect(() => {
    if (!open) return;
    let stopped = false;
    let stop: (() => void) | undefined;
    setError(null);
    import('./camera')
      .then(({ startCamera }) => startCamera(video.current!, (code) => void scan.scan(code)))
      .then((controls) => {
        if (stopped) controls.stop();
        else stop = () => controls.stop();
      })
      .catch((e: unknown) => {
        if (!stopped) setError(t((e as { name?: string })?.name === 'NotAllowedError' ? 'orders.scan.cameraDenied' : 'orders.scan.cameraFailed'));
      });
    return () => {
      stopped = true;
      stop?.();
    };
  }, [open, scan, t]);

  if (!cameraAvailable()) return null;
  return (
    <>
      <Button icon={<IconCamera />} aria-label={t('orders.scan.camera')} title={t('orders.scan.camera')} onClick={() => setOpen(true)} data-orders="scan-camera" />
      <Modal
        title={t('orders.scan.camera')}
        visible={open}
        onCancel={() => setOpen(false)}
        footer={<Button onClick={() => setOpen(false)}>{t('orders.scan.cameraDone')}</Button>}
        unmountOnExit
        className="orders-camera"
        data-orders="camera-dialog"
      >
        {error ? <Alert type="error" content={error} /> : <video ref={video} className="orders-camera-video" muted playsInline />}
        <div className="orders-camera-feedback">{feedback}</div>
      </Modal>
    </>
  );
});

export default CameraScan;
