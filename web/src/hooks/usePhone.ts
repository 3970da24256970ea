import { useEffect, useState } from 'react';

/** Widths at or below this are laid out for a phone (the admin menu folds into a drawer). */
export const PHONE_MAX_WIDTH = 768;
const QUERY = `(max-width: ${PHONE_MAX_WIDTH}px)`;

function matches(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(QUERY).matches;
}

/** Whether the window is phone-sized now; follows resizes and rotations. */
export function usePhone(): boolean {
  const [phone, setPhone] = useState(matches);
  useEffect(() => {
    if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return;
    const list = window.matchMedia(QUERY);
    const onChange = () => setPhone(list.matches);
    onChange();
    list.addEventListener('change', onChange);
    return () => list.removeEventListener('change', onChange);
  }, []);
  return phone;
}
