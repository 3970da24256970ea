import { useEffect, useRef } from 'react';

/** Where Escape is handled already: inside a drawer or dialog (Arco closes it) or an open popup (it closes). */
const HANDLED_INSIDE = '.arco-drawer-wrapper, .arco-modal-wrapper, .arco-trigger-popup';

/**
 * Escape closes an open drawer even while the focus is still on the page behind it (Arco's drawer listens
 * only once the focus is inside, which its focus lock moves there after the slide-in): right after opening,
 * or after a click on the mask's edge.
 */
export function useEscapeClose(visible: boolean, close: () => void): void {
  const latest = useRef(close);
  latest.current = close;
  useEffect(() => {
    if (!visible || typeof document === 'undefined') return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      const target = event.target as Element | null;
      if (target && typeof target.closest === 'function' && target.closest(HANDLED_INSIDE)) return;
      latest.current();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [visible]);
}
