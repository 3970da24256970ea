/**
 * My contributions (/user/cms/contributions): the member's own content with its audit status and, when
 * refused, the reason; a form to contribute (rich text) or to revise an item that is unaudited or refused,
 * with the extra fields of the chosen channel's content model (as the back office's content form shows them).
 * Shown only to member groups holding the rule `cms/contributions/contribute`.
 */
import '@/features/cms/i18n';
import '@/layouts/user/user.css';
import { useEffect, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { action, makeObservable, observable, runInAction, toJS } from 'mobx';
import { Button, Drawer, Form, Input, Select, Space, Tag, Typography } from '@arco-design/web-react';
import { ListTable } from '@/components/crud/ListTable';
import type { ChannelNode, ContributionForm, MyContribution } from '@contract/cms';
import { CONTENT_STATUS, CONTENT_STATUS_OPTIONS } from '@/features/cms/options';
import { ExtraFieldsInput } from '@/features/cms/ExtraFieldsInput';
import { RichTextEditor } from '@/components/RichText';
import { useAuth } from '@/hooks/useAuth';
import { useEscapeClose } from '@/hooks/useEscapeClose';
import { useT } from '@/lang';
import { PagedListStore } from '@/stores/pagedList';
import { timeFormat } from '@/utils/time';
import { cmsApi } from '@/api/cms';
import { isEditorEmpty, validateMessageKeys } from '@/utils/validate';

const p = (key: string) => `frontend.user.cms.contributions.${key}`;

export class ContributionsStore extends PagedListStore<MyContribution> {
  channels: Array<{ id: number; name: string }> = [];
  /** the form: null closed, else the values being edited (id set when revising) */
  form: (ContributionForm & { memo?: string }) | null = null;
  saving = false;
  /** the key of the message under the body when it is empty (markup without text, e.g. `<p><br></p>`) */
  contentError: string | null = null;

  constructor() {
    super(cmsApi.myContributions);
    makeObservable(this, { channels: observable, form: observable, saving: observable, contentError: observable, loadChannels: action.bound, open: action.bound, close: action.bound, setField: action.bound, submit: action.bound });
  }

  async loadChannels() {
    try {
      const res = await cmsApi.home();
      const flat = (nodes: ChannelNode[], depth = 0): Array<{ id: number; name: string }> =>
        nodes.flatMap((n) => [{ id: n.id, name: `${'— '.repeat(depth)}${n.name}` }, ...flat(n.children ?? [], depth + 1)]);
      runInAction(() => (this.channels = flat(res.data.channels)));
    } catch {
      // the select stays empty; the server names the problem on submit
    }
  }

  async open(id?: number) {
    if (!this.channels.length) void this.loadChannels();
    if (!id) {
      this.form = { channel_id: 0, title: '', content: '', description: '', keywords: '', extra: {} };
      return;
    }
    try {
      const res = await cmsApi.myContribution(id);
      runInAction(() => (this.form = { ...res.data.row, content: res.data.row.content ?? '' }));
    } catch {
      // shown by the request layer
    }
  }

  close() {
    this.form = null;
    this.contentError = null;
  }

  setField(key: keyof ContributionForm, value: unknown) {
    if (this.form) (this.form as unknown as Record<string, unknown>)[key] = value;
    if (key === 'content' && this.contentError && !isEditorEmpty(value)) this.contentError = null;
  }

  async submit(): Promise<boolean> {
    if (!this.form) return false;
    // the body is required: an editor emptied of its text still holds `<p><br></p>` (the server refuses it too)
    this.contentError = isEditorEmpty(this.form.content) ? validateMessageKeys.editorEmpty : null;
    if (this.contentError) return false;
    this.saving = true;
    const { id, channel_id, title, content, description, keywords, extra } = this.form;
    try {
      // the channel's content-model values: the server checks them as the back office's form's (and drops other names)
      await cmsApi.contribute({ ...(id ? { id } : {}), channel_id, title, content, description, keywords, extra: toJS(extra) ?? {} });
      runInAction(() => {
        this.saving = false;
        this.form = null;
      });
      await this.load(id ? this.page : 1);
      return true;
    } catch {
      runInAction(() => (this.saving = false));
      return false;
    }
  }
}

const revisable = (status: number) => status === CONTENT_STATUS.unaudited || status === CONTENT_STATUS.refused;

export default observer(function ContributionsPage() {
  const t = useT();
  const auth = useAuth();
  const [store] = useState(() => new ContributionsStore());
  useEffect(() => {
    void store.load(1);
  }, [store]);
  const mayContribute = auth('contribute');
  const status = (value: number) => {
    const option = CONTENT_STATUS_OPTIONS.find((o) => o.value === value);
    return option ? <Tag color={option.color}>{t(option.label)}</Tag> : value;
  };
  const form = store.form;
  useEscapeClose(!!form, store.close);
  return (
    <div className="ba-user-page" data-testid="my-contributions">
      <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
        <h2 className="ba-user-page-title">{t(p('title'))}</h2>
        {mayContribute ? (
          <Button type="primary" onClick={() => void store.open()} data-testid="contribute">
            {t(p('contribute'))}
          </Button>
        ) : (
          <Typography.Text type="secondary">{t(p('notAllowed'))}</Typography.Text>
        )}
      </Space>
      <ListTable
        rowKey="id"
        loading={store.loading}
        data={toJS(store.list)}
        border={false}
        scroll={{ x: 720 }}
        columns={[
          { title: t(p('titleColumn')), dataIndex: 'title', ellipsis: true, render: (v: string) => <span>{v}</span> },
          { title: t(p('channel')), dataIndex: 'channel', width: 120, ellipsis: true },
          { title: t(p('status')), dataIndex: 'status', width: 100, render: (v: number) => status(v) },
          { title: t(p('memo')), dataIndex: 'memo', width: 200, ellipsis: true, render: (v: string) => v || '-' },
          { title: t(p('updated')), dataIndex: 'update_time', width: 170, render: (v: number) => timeFormat(v) },
          {
            title: t(p('actions')),
            width: 100,
            render: (_: unknown, row: MyContribution) =>
              revisable(row.status) && mayContribute ? (
                <Button size="mini" onClick={() => void store.open(row.id)}>
                  {t(p('revise'))}
                </Button>
              ) : null,
          },
        ]}
        noDataElement={<div className="ba-log-empty">{t(p('empty'))}</div>}
        pagination={{ current: store.page, pageSize: store.limit, total: store.total, showTotal: true, onChange: (page, size) => void store.load(page, size) }}
      />
      <Drawer
        visible={!!form}
        width={typeof window !== 'undefined' ? Math.min(860, window.innerWidth) : 860}
        title={t(form?.id ? p('revise') : p('contribute'))}
        onCancel={store.close}
        footer={
          <Space>
            <Button onClick={store.close}>{t(p('cancel'))}</Button>
            <Button type="primary" loading={store.saving} onClick={() => void store.submit()} data-testid="contribute-submit">
              {t(p('submit'))}
            </Button>
          </Space>
        }
        unmountOnExit
      >
        {form ? (
          <Form layout="vertical">
            {form.memo ? <Typography.Paragraph type="warning">{t(p('refusedBecause'), { memo: form.memo })}</Typography.Paragraph> : null}
            <Form.Item label={t(p('channel'))} required>
              <Select value={form.channel_id || undefined} onChange={(v) => store.setField('channel_id', v)} placeholder={t(p('channelPlaceholder'))} data-testid="contribute-channel">
                {store.channels.map((c) => (
                  <Select.Option key={c.id} value={c.id}>
                    {c.name}
                  </Select.Option>
                ))}
              </Select>
            </Form.Item>
            {form.channel_id ? (
              <div style={{ marginBottom: 16 }}>
                <ExtraFieldsInput side="member" title={t(p('modelFields'))} channelId={form.channel_id} value={form.extra} onChange={(v) => store.setField('extra', v)} />
              </div>
            ) : null}
            <Form.Item label={t(p('titleColumn'))} required>
              <Input value={form.title} maxLength={200} onChange={(v) => store.setField('title', v)} data-testid="contribute-title" />
            </Form.Item>
            <Form.Item label={t(p('description'))}>
              <Input.TextArea value={form.description} maxLength={500} onChange={(v) => store.setField('description', v)} />
            </Form.Item>
            <Form.Item label={t(p('keywords'))}>
              <Input value={form.keywords} maxLength={255} onChange={(v) => store.setField('keywords', v)} />
            </Form.Item>
            <Form.Item label={t(p('content'))} required validateStatus={store.contentError ? 'error' : undefined} help={store.contentError ? t(store.contentError) : undefined}>
              <RichTextEditor app="user" value={form.content} onChange={(v) => store.setField('content', v)} />
            </Form.Item>
          </Form>
        ) : null}
      </Drawer>
    </div>
  );
});
