import { useEffect, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { makeAutoObservable, runInAction } from 'mobx';
import { Input, InputNumber, Select } from '@arco-design/web-react';
import type { ContentModelField } from '@contract/cms';
import { cmsApi, type ChannelModel } from '@/api/cms';
import type { ApiResponse } from '@/api/request';
import { errorMessage } from '@/api/request';
import { ImageUpload } from '@/components/Upload';
import { useT } from '@/lang';

/** Who asks for a channel's fields: the back office's content form, or the member's contribution form. */
export type ModelFieldsSide = 'admin' | 'member';

const FIELD_SOURCES: Record<ModelFieldsSide, (channelId: number) => Promise<ApiResponse<ChannelModel>>> = {
  admin: (channelId) => cmsApi.modelFields(channelId),
  member: (channelId) => cmsApi.memberModelFields(channelId),
};

/** The content-model fields of the chosen channel (none when it has no model). */
export class ModelFieldsStore {
  fields: ContentModelField[] = [];
  model: string | null = null;
  loading = false;
  error: string | null = null;

  constructor(private readonly side: ModelFieldsSide = 'admin') {
    makeAutoObservable<ModelFieldsStore, 'side'>(this, { side: false }, { autoBind: true });
  }

  async load(channelId: number) {
    if (!channelId) {
      this.fields = [];
      this.model = null;
      return;
    }
    this.loading = true;
    try {
      const res = await FIELD_SOURCES[this.side](channelId);
      runInAction(() => {
        this.fields = res.data.fields;
        this.model = res.data.model?.name ?? null;
        this.loading = false;
      });
    } catch (e) {
      runInAction(() => {
        this.fields = [];
        this.model = null;
        this.loading = false;
        this.error = errorMessage(e);
      });
    }
  }
}

type Values = Record<string, string | number | null>;

/**
 * The extra fields of content in a channel with a content model, one control per field (the server checks
 * them): the back office's content form and (`side="member"`) the member's contribution form.
 */
export const ExtraFieldsInput = observer(function ExtraFieldsInput({
  channelId,
  value,
  onChange,
  side = 'admin',
  title,
}: {
  channelId: number;
  value: unknown;
  onChange: (value: Values) => void;
  side?: ModelFieldsSide;
  /** A heading above the fields (only when the channel has some). */
  title?: string;
}) {
  const t = useT();
  const [store] = useState(() => new ModelFieldsStore(side));
  useEffect(() => {
    void store.load(Number(channelId) || 0);
  }, [store, channelId]);
  const values: Values = value && typeof value === 'object' && !Array.isArray(value) ? (value as Values) : {};
  const set = (name: string, v: string | number | null) => onChange({ ...values, [name]: v });
  // the member's form shows nothing for a channel without a model; the back office says so
  if (!store.fields.length) return side === 'member' ? null : <span style={{ color: 'var(--color-text-3)' }}>{t('cmsText.model.none')}</span>;
  return (
    <div data-testid="extra-fields" style={{ width: '100%' }}>
      {title ? <div style={{ marginBottom: 8, fontWeight: 500 }}>{title}</div> : null}
      {store.fields.map((field) => (
        <div key={field.name} style={{ marginBottom: 8 }}>
          <div style={{ marginBottom: 4 }}>
            {field.required ? <span style={{ color: 'rgb(var(--danger-6))' }}>* </span> : null}
            {field.title}
          </div>
          {field.type === 'number' ? (
            <InputNumber value={values[field.name] === null || values[field.name] === undefined ? undefined : Number(values[field.name])} onChange={(v) => set(field.name, v ?? null)} data-testid={`extra-${field.name}`} />
          ) : field.type === 'select' ? (
            <Select allowClear value={(values[field.name] as string) ?? undefined} onChange={(v) => set(field.name, v ?? null)} data-testid={`extra-${field.name}`}>
              {field.options.map((option) => (
                <Select.Option key={option} value={option}>
                  {option}
                </Select.Option>
              ))}
            </Select>
          ) : field.type === 'image' ? (
            <ImageUpload value={(values[field.name] as string) ?? ''} onChange={(v: unknown) => set(field.name, typeof v === 'string' ? v : '')} topic="content" app={side === 'member' ? 'user' : 'admin'} />
          ) : (
            <Input value={(values[field.name] as string) ?? ''} maxLength={1000} onChange={(v) => set(field.name, v)} data-testid={`extra-${field.name}`} />
          )}
        </div>
      ))}
    </div>
  );
});
