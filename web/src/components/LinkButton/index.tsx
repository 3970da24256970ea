import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Button, type ButtonProps } from '@arco-design/web-react';

/** A button that goes to a route of the app (a link, so it opens in a new tab too). */
export function LinkButton({ to, children, testId, ...button }: Pick<ButtonProps, 'type' | 'size'> & { to: string; children: ReactNode; testId?: string }) {
  return (
    <Link to={to}>
      <Button {...button} data-testid={testId}>
        {children}
      </Button>
    </Link>
  );
}

export default LinkButton;
