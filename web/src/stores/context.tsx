import { createContext, useContext, type ReactNode } from 'react';
import type { RootStore } from './root';

const StoreContext = createContext<RootStore | null>(null);

export function StoreProvider({ value, children }: { value: RootStore; children: ReactNode }) {
  return <StoreContext.Provider value={value}>{children}</StoreContext.Provider>;
}

/** The root store. Components that read its observables must be wrapped in `observer`. */
export function useStore(): RootStore {
  const store = useContext(StoreContext);
  if (!store) throw new Error('useStore() needs a <StoreProvider> above it');
  return store;
}
