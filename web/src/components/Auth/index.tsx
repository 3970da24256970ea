import type { ReactNode } from 'react';
import { observer } from 'mobx-react-lite';
import { useAuth } from '@/hooks/useAuth';

/** Renders its children only when the current page has the node '<path>/<name>'. */
export const Auth = observer(function Auth({ name, children }: { name: string; children: ReactNode }) {
  const auth = useAuth();
  return auth(name) ? <>{children}</> : null;
});

export default Auth;
