/**
 * The header's "clear cache" menu (BuildAdmin's): empties the server's in-memory caches of one kind, or all,
 * through `POST /admin/ajax/clearCache` (any signed-in admin may, as the server allows; the header is shown to
 * signed-in admins only). The kinds are the contract's (contract/cache.ts); the server's "Cache cleaned~" is
 * shown as the success message, in the admin's language.
 */
import { useState } from 'react';
import { Button, Dropdown, Menu, Tooltip } from '@arco-design/web-react';
import type { ClearCacheType } from '@contract/cache';
import { IconEraser } from '@/components/Icon/icons';
import { clearCache } from '@/api/platform';
import { useT } from '@/lang';

/** The menu's entries: everything first, then each kind. */
export const CLEAR_CACHE_ITEMS: Array<{ type: ClearCacheType; label: string }> = [
  { type: 'all', label: 'layout.clearAllCache' },
  { type: 'config', label: 'layout.clearConfigCache' },
  { type: 'rules', label: 'layout.clearRulesCache' },
];

export function ClearCacheButton() {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const run = async (type: ClearCacheType) => {
    setBusy(true);
    try {
      await clearCache(type);
    } catch {
      // the request layer shows the error
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dropdown
      position="br"
      trigger="click"
      droplist={
        <Menu onClickMenuItem={(key) => void run(key as ClearCacheType)}>
          {CLEAR_CACHE_ITEMS.map((item) => (
            <Menu.Item key={item.type} data-testid={`clear-cache-${item.type}`}>
              {t(item.label)}
            </Menu.Item>
          ))}
        </Menu>
      }
    >
      <Tooltip content={t('layout.clearCache')}>
        <Button type="text" icon={<IconEraser />} loading={busy} aria-label={t('layout.clearCache')} data-testid="clear-cache" />
      </Tooltip>
    </Dropdown>
  );
}
