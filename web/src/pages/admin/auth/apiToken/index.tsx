/**
 * API tokens (/admin/auth/apiToken): the tokens shops and ERPs call the API with, each acting for an admin
 * with a part of that admin's rules. Adding one shows the token once, with a copy button; the list shows its
 * first characters, expiry and last use. Edit: name, rules, expiry, status.
 */
import { useEffect, useState } from 'react';
import dayjs from 'dayjs';
import { CrudPage, CrudTableStore, maxLengthRule, type CrudColumn, type CrudField } from '@/components/crud';
import { STATUS_OPTIONS } from '@/components/crud/options';
import { groupBody, RuleTreeStore } from '@/features/identity/groupRules';
import RuleTree from '@/features/identity/RuleTree';
import { ShownOnce, withShownOnce } from '@/components/ShownOnce';
import { loadLang } from '@/lang';
import { useStore } from '@/stores/context';

export const API_TOKEN_API = '/admin/auth.ApiToken';
const l = (key: string) => `auth.apiToken.${key}`;

export const apiTokenColumns: CrudColumn[] = [
  { prop: 'id', label: l('id'), width: 70, operator: '=', sortable: true },
  { prop: 'name', label: l('name'), minWidth: 160, ellipsis: true, operator: 'LIKE' },
  { prop: 'token_prefix', label: l('token'), width: 130, operator: false, cell: (value: unknown) => <code>{`${String(value ?? '')}…`}</code> },
  { prop: 'admin.username', label: l('admin'), width: 120, operator: false },
  { prop: 'status', label: l('status'), width: 100, render: 'tag', options: STATUS_OPTIONS },
  { prop: 'expire_time', label: l('expireTime'), width: 170, render: 'datetime', sortable: true, cell: (value: unknown) => (value ? dayjs.unix(Number(value)).format('YYYY-MM-DD HH:mm') : '-') },
  { prop: 'last_used_time', label: l('lastUsedTime'), width: 170, render: 'datetime', sortable: true },
  { prop: 'last_used_ip', label: l('lastUsedIp'), width: 140, ellipsis: true },
  { prop: 'createtime', label: l('createtime'), width: 170, render: 'datetime', sortable: true, hidden: true },
];

function apiTokenFields(rules: RuleTreeStore): CrudField[] {
  return [
    { prop: 'name', label: l('name'), type: 'input', rules: ['required', maxLengthRule(100)], placeholder: l('namePlaceholder') },
    { prop: 'rules', label: l('rules'), type: 'custom', rules: ['required'], defaultValue: [], tip: l('rulesTip'), render: ({ value, onChange }) => <RuleTree rules={rules} value={value} onChange={onChange} /> },
    {
      prop: 'expire_time',
      label: l('expireTime'),
      type: 'datetime',
      tip: l('expireTimeTip'),
      toForm: (value) => (value ? dayjs.unix(Number(value)).format('YYYY-MM-DD HH:mm:ss') : undefined),
      toServer: (value) => (value ? dayjs(value as string).unix() : 0),
    },
    { prop: 'status', label: l('status'), type: 'switch', defaultValue: 1 },
  ];
}

export default function ApiTokenPage() {
  const root = useStore();
  const [secret, setSecret] = useState<string | null>(null);
  // the rule tree's texts are the group page's
  useEffect(() => void loadLang(['auth/group']), []);
  const [store] = useState(() => {
    const rules = new RuleTreeStore(`${API_TOKEN_API}/rules`);
    return new CrudTableStore(root, {
      api: API_TOKEN_API,
      client: withShownOnce(API_TOKEN_API, 'token', setSecret),
      columns: apiTokenColumns,
      fields: apiTokenFields(rules),
      quickSearchFields: [l('id'), l('name'), l('token')],
      beforeSubmit: (data) => groupBody(rules, data),
    });
  });
  return (
    <>
      <CrudPage store={store} entity={l('apiToken')} formWidth={640} />
      <ShownOnce title={l('created')} secret={secret} onClose={() => setSecret(null)} />
    </>
  );
}
