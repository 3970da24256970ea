import { Button, Input, Select, Switch } from '@arco-design/web-react';
import type { ContentModelField } from '@contract/cms';
import { useT } from '@/lang';

export type EditedField = Omit<ContentModelField, 'options'> & { options: string };

export const MODEL_FIELD_TYPES: ContentModelField['type'][] = ['text', 'number', 'image', 'select'];

/** A model's fields as the form edits them (options as one comma-separated text). */
export function toEditedFields(value: unknown): EditedField[] {
  if (!Array.isArray(value)) return [];
  return value.map((field: Partial<ContentModelField>) => ({
    name: String(field.name ?? ''),
    title: String(field.title ?? ''),
    type: (MODEL_FIELD_TYPES as string[]).includes(String(field.type)) ? (field.type as ContentModelField['type']) : 'text',
    options: Array.isArray(field.options) ? field.options.join(', ') : '',
    required: !!field.required,
  }));
}

/** The fields as the server takes them. */
export function toServerFields(value: unknown): Array<Omit<ContentModelField, 'options'> & { options: string[] }> {
  return toEditedFields(value).map((field) => ({
    ...field,
    name: field.name.trim(),
    title: field.title.trim(),
    options: field.type === 'select' ? field.options.split(',').map((o) => o.trim()).filter(Boolean) : [],
  }));
}

/** One row per field: name, title, type, options (a select's), required; rows are added and removed. */
export function ModelFieldsEditor({ value, onChange }: { value: unknown; onChange: (value: EditedField[]) => void }) {
  const t = useT();
  const fields = Array.isArray(value) && value.every((f) => typeof f?.options === 'string') ? (value as EditedField[]) : toEditedFields(value);
  const set = (index: number, patch: Partial<EditedField>) => onChange(fields.map((field, i) => (i === index ? { ...field, ...patch } : field)));
  return (
    <div data-testid="model-fields" style={{ width: '100%' }}>
      {fields.map((field, index) => (
        <div key={index} style={{ display: 'flex', flexWrap: 'wrap', gap: 6, marginBottom: 8, alignItems: 'center' }} data-testid="model-field">
          <Input style={{ width: 120 }} value={field.name} placeholder={t('cmsText.model.name')} onChange={(name) => set(index, { name })} data-testid="model-field-name" />
          <Input style={{ width: 130 }} value={field.title} placeholder={t('cmsText.model.title')} onChange={(title) => set(index, { title })} data-testid="model-field-title" />
          <Select style={{ width: 110 }} value={field.type} onChange={(type) => set(index, { type })} data-testid="model-field-type">
            {MODEL_FIELD_TYPES.map((type) => (
              <Select.Option key={type} value={type}>
                {t(`cmsText.model.types.${type}`)}
              </Select.Option>
            ))}
          </Select>
          {field.type === 'select' ? (
            <Input style={{ width: 160 }} value={field.options} placeholder={t('cmsText.model.options')} onChange={(options) => set(index, { options })} data-testid="model-field-options" />
          ) : null}
          <span>
            <Switch size="small" checked={field.required} onChange={(required) => set(index, { required })} /> {t('cmsText.model.required')}
          </span>
          <Button size="small" status="danger" onClick={() => onChange(fields.filter((_, i) => i !== index))} aria-label={t('cmsText.model.remove')}>
            {t('cmsText.model.remove')}
          </Button>
        </div>
      ))}
      <Button size="small" onClick={() => onChange([...fields, { name: '', title: '', type: 'text', options: '', required: false }])} data-testid="model-field-add">
        {t('cmsText.model.add')}
      </Button>
    </div>
  );
}
