/**
 * Modules (/admin/module/module): the product's modules — the core contexts, always on, and the optional
 * areas (content management, the member center, and the modules installed from signed packages) — with their
 * version, state, routes, menus, jobs and migrations. An optional module is disabled and enabled here: while
 * it is off its routes answer 404 and its menus are gone (the menu reloads at once). "Install" takes a
 * package file signed with a key the site trusts; what it records is docs/MODULES.md's.
 */
import { useEffect, useRef, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Alert, Button, Switch, Tag, Tooltip } from '@arco-design/web-react';
import { IconUpload } from '@arco-design/web-react/icon';
import type { ModuleView } from '@contract/modules';
import { ListTable } from '@/components/crud';
import { useAuth } from '@/hooks/useAuth';
import { getLocale, useT } from '@/lang';
import { useStore } from '@/stores/context';
import { ModulePageStore } from './store';

const l = (key: string) => `module.module.${key}`;

export default observer(function ModulePage() {
  const t = useT();
  const auth = useAuth();
  const root = useStore();
  const [store] = useState(() => new ModulePageStore(() => root.navTabs.fetchAdminIndex()));
  const fileInput = useRef<HTMLInputElement>(null);
  // the titles come translated from the server: read again when the language changes
  const lang = getLocale();
  useEffect(() => {
    void store.load();
  }, [store, lang]);

  const columns = [
    { title: t(l('name')), dataIndex: 'name', width: 140, render: (name: string) => <code>{name}</code> },
    { title: t(l('title')), dataIndex: 'title', width: 220 },
    { title: t(l('version')), dataIndex: 'version', width: 90 },
    {
      title: t(l('kind')),
      dataIndex: 'core',
      width: 120,
      render: (_: unknown, row: ModuleView) => (row.core ? <Tag color="gray">{t(l('core'))}</Tag> : <Tag color={row.source === 'package' ? 'purple' : 'arcoblue'}>{t(row.source === 'package' ? l('package') : l('optional'))}</Tag>),
    },
    {
      title: t(l('state')),
      dataIndex: 'state',
      width: 110,
      render: (_: unknown, row: ModuleView) => {
        const canSwitch = !row.core && auth(row.state ? 'disable' : 'enable');
        return (
          <Switch
            checked={row.state === 1}
            disabled={!canSwitch}
            loading={store.busy === row.name}
            onChange={(on) => void store.toggle(row.name, on)}
            data-testid={`module-switch-${row.name}`}
            aria-label={`${row.name} ${t(row.state ? l('enabled') : l('disabledState'))}`}
          />
        );
      },
    },
    {
      title: t(l('parts')),
      dataIndex: 'routes',
      render: (_: unknown, row: ModuleView) => {
        const parts = [...row.routes.map((r) => `${t(l('route'))} ${r}`), ...row.menus.map((m) => `${t(l('menu'))} ${m}`), ...row.jobs.map((j) => `${t(l('job'))} ${j}`), ...row.migrations.map((m) => `${t(l('migration'))} ${m}`)];
        if (!parts.length) return <span className="muted">-</span>;
        return (
          <Tooltip content={parts.join('\n')}>
            <span>{parts.slice(0, 2).join(', ') + (parts.length > 2 ? ` … (+${parts.length - 2})` : '')}</span>
          </Tooltip>
        );
      },
    },
  ];

  return (
    <div className="crud-page" data-testid="module-page">
      <Alert type="info" content={t(l('hint'))} style={{ marginBottom: 12 }} />
      {store.error ? <Alert type="error" content={store.error} style={{ marginBottom: 12 }} data-testid="module-error" /> : null}
      <div style={{ marginBottom: 12, display: 'flex', gap: 8 }}>
        {auth('install') ? (
          <>
            <Button type="primary" icon={<IconUpload />} loading={store.busy === 'install'} onClick={() => fileInput.current?.click()} data-testid="module-install">
              {t(l('install'))}
            </Button>
            <input
              ref={fileInput}
              type="file"
              accept=".json,application/json"
              style={{ display: 'none' }}
              data-testid="module-install-file"
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = '';
                if (file) void store.install(file);
              }}
            />
          </>
        ) : null}
      </div>
      <ListTable<ModuleView> rowKey="name" columns={columns} data={store.list} loading={store.loading} pagination={false} data-testid="module-table" />
    </div>
  );
});
