import { useCallback } from 'react';
import { useLocation } from 'react-router-dom';
import { useStore } from '@/stores/context';
import { isUserPath } from '@/router/names';

/**
 * `const auth = useAuth(); auth('add')` is true when the current route path P has the node 'P/add'
 * (as in BuildAdmin): in the back office from the menus' button rules (navTabs), in the member center from
 * the member rules. Super admins go by the same map (the server sends them every button).
 * Call it in an `observer` component so a change of rights re-renders.
 */
export function useAuth(): (action: string) => boolean {
  const { navTabs, memberCenter } = useStore();
  const { pathname } = useLocation();
  return useCallback(
    (action: string) => (isUserPath(pathname) ? memberCenter.hasNode(pathname, action) : navTabs.hasNode(pathname, action)),
    [pathname, navTabs, memberCenter],
  );
}
