import { lazy, Suspense, useEffect, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Badge, Button, Tooltip } from '@arco-design/web-react';
import IconCodeSquare from '@arco-design/web-react/icon/react-icon/IconCodeSquare';
import { useT } from '@/lang';
import { useStore } from '@/stores/context';

// The panel's code loads the first time it is opened.
const TerminalPanel = lazy(() => import('./TerminalPanel'));

/**
 * The top bar's terminal button (super administrators only): toggles the panel, and shows a dot when a task
 * was added or finished while the panel was hidden.
 */
export const TerminalButton = observer(function TerminalButton() {
  const t = useT();
  const { terminal, adminInfo } = useStore();
  const [loaded, setLoaded] = useState(terminal.show);
  useEffect(() => {
    if (terminal.show) setLoaded(true);
  }, [terminal.show]);
  if (!adminInfo.super) return null;
  const label = terminal.showDot ? `${t('terminal.open')} · ${t('terminal.newActivity')}` : t('terminal.open');
  return (
    <>
      <Tooltip content={label}>
        <Badge dot count={terminal.showDot ? 1 : 0} offset={[-4, 4]} className="ba-terminal-badge" data-testid="terminal-dot" data-dot={terminal.showDot ? '1' : '0'}>
          <Button type="text" icon={<IconCodeSquare />} onClick={() => terminal.toggle()} aria-label={label} data-testid="terminal-button" />
        </Badge>
      </Tooltip>
      {loaded && (
        <Suspense fallback={null}>
          <TerminalPanel />
        </Suspense>
      )}
    </>
  );
});
