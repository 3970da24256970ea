/**
 * Sign-in providers (/admin/user/oauthProvider, the module `oauth`): OpenID Connect providers by issuer, and
 * OAuth 2.0 providers by their endpoints — the GitHub and Gitee presets fill those in. The client secret is a
 * password item: never shown, left blank on edit to keep it. docs/OAUTH.md.
 */
import { useState } from 'react';
import { Alert, Form, Select } from '@arco-design/web-react';
import { OAUTH_PRESETS } from '@contract/oauth';
import { CrudPage, CrudTableStore, maxLengthRule, type CrudColumn, type CrudField, type CrudFieldContext } from '@/components/crud';
import { STATUS_OPTIONS, tagOptions, YES_NO_OPTIONS } from '@/components/crud/options';
import { useT } from '@/lang';
import { useStore } from '@/stores/context';

export const OAUTH_PROVIDER_API = '/admin/user.OauthProvider';
const l = (key: string) => `user.oauthProvider.${key}`;
const TYPE_OPTIONS = tagOptions('user.oauthProvider.types', [
  [1, 'arcoblue'],
  [2, 'purple'],
]);
const isOidc = (values: Record<string, any>) => Number(values.type ?? 1) === 1;

/** The preset select: picking GitHub or Gitee fills type, endpoints, id field and scopes. */
function PresetSelect({ ctx }: { ctx: CrudFieldContext }) {
  const t = useT();
  const { form } = Form.useFormContext();
  return (
    <Select
      allowClear
      placeholder={t(l('presetPlaceholder'))}
      value={ctx.value}
      options={OAUTH_PRESETS.map((p) => ({ value: p.key, label: p.name }))}
      onChange={(key: string) => {
        ctx.onChange(key);
        const preset = OAUTH_PRESETS.find((p) => p.key === key);
        if (preset) form.setFieldsValue({ name: ctx.values.name || preset.name, type: preset.type, authorize_url: preset.authorize_url, token_url: preset.token_url, userinfo_url: preset.userinfo_url, id_field: preset.id_field, scopes: preset.scopes });
      }}
      data-testid="oauth-preset"
    />
  );
}

export const oauthProviderColumns: CrudColumn[] = [
  { prop: 'id', label: l('id'), width: 70, operator: '=', sortable: true },
  { prop: 'name', label: l('name'), minWidth: 140, operator: 'LIKE' },
  { prop: 'type', label: l('type'), width: 140, render: 'tag', options: TYPE_OPTIONS },
  { prop: 'issuer', label: l('issuer'), minWidth: 200, ellipsis: true, operator: 'LIKE' },
  { prop: 'client_id', label: l('clientId'), minWidth: 140, ellipsis: true, operator: 'LIKE' },
  { prop: 'register', label: l('register'), width: 110, render: 'tag', options: YES_NO_OPTIONS },
  { prop: 'status', label: l('status'), width: 100, render: 'tag', options: STATUS_OPTIONS },
  { prop: 'createtime', label: l('createtime'), width: 170, render: 'datetime', sortable: true },
];

const url = (prop: string, label: string): CrudField => ({ prop, label: l(label), type: 'input', rules: ['required', maxLengthRule(255)], placeholder: 'https://', visible: (v) => !isOidc(v) });

export const oauthProviderFields: CrudField[] = [
  { prop: 'preset', label: l('preset'), type: 'custom', render: (ctx) => <PresetSelect ctx={ctx} />, toServer: () => undefined, visible: (_v, mode) => mode === 'add' },
  { prop: 'name', label: l('name'), type: 'input', rules: ['required', maxLengthRule(50)] },
  { prop: 'type', label: l('type'), type: 'radio', options: TYPE_OPTIONS, defaultValue: 1, rules: ['required'] },
  { prop: 'issuer', label: l('issuer'), type: 'input', rules: ['required', maxLengthRule(255)], placeholder: 'https://', tip: l('issuerTip'), visible: isOidc },
  url('authorize_url', 'authorizeUrl'),
  url('token_url', 'tokenUrl'),
  url('userinfo_url', 'userinfoUrl'),
  { prop: 'id_field', label: l('idField'), type: 'input', defaultValue: 'id', rules: [maxLengthRule(50)], tip: l('idFieldTip'), visible: (v) => !isOidc(v) },
  { prop: 'client_id', label: l('clientId'), type: 'input', rules: ['required', maxLengthRule(255)] },
  { prop: 'client_secret', label: l('clientSecret'), type: 'password', rules: [maxLengthRule(500)], tip: (mode) => (mode === 'edit' ? l('secretKeep') : undefined) },
  { prop: 'scopes', label: l('scopes'), type: 'input', rules: [maxLengthRule(255)], placeholder: 'openid profile email' },
  { prop: 'register', label: l('register'), type: 'switch', defaultValue: 1, tip: l('registerTip') },
  { prop: 'weigh', label: l('weigh'), type: 'number', defaultValue: 0 },
  { prop: 'status', label: l('status'), type: 'switch', defaultValue: 1 },
];

export default function OauthProviderPage() {
  const root = useStore();
  const t = useT();
  const [store] = useState(() => new CrudTableStore(root, { api: OAUTH_PROVIDER_API, columns: oauthProviderColumns, fields: oauthProviderFields, quickSearchFields: [l('id'), l('name'), l('clientId')] }));
  return (
    <>
      <Alert type="info" style={{ marginBottom: 12 }} content={t(l('redirectUriTip'), { uri: `${window.location.origin}/?oauth_callback=1` })} />
      <CrudPage store={store} entity={l('provider')} />
    </>
  );
}
