/**
 * A React root for component specs: React's act() environment, jsdom's missing matchMedia (Arco reads it),
 * and a fresh container with its root for each test, unmounted and removed after it.
 *
 *   const view = mountEachTest();
 *   await act(async () => view.root.render(<Page />));
 *   view.container.querySelector(…);
 */
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

if (typeof window !== 'undefined' && !window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    value: (query: string) => ({ matches: false, media: query, onchange: null, addListener() {}, removeListener() {}, addEventListener() {}, removeEventListener() {}, dispatchEvent: () => false }),
  });
}

export interface MountedView {
  readonly container: HTMLDivElement;
  readonly root: Root;
}

/** Registers the set-up and the clean-up of each test (call it at the top of a file or a describe). */
export function mountEachTest(): MountedView {
  let container: HTMLDivElement | null = null;
  let root: Root | null = null;
  beforeEach(() => {
    container = document.createElement('div');
    document.body.appendChild(container);
    root = createRoot(container);
  });
  afterEach(() => {
    const mounted = root;
    act(() => mounted?.unmount());
    container?.remove();
    container = null;
    root = null;
  });
  return {
    get container() {
      return container!;
    },
    get root() {
      return root!;
    },
  };
}
