/**
 * The add / edit drawer: an Arco Form built from field definitions, client validation with translated
 * messages, `POST add` / `POST edit` through the store.
 */
import './i18n';
import { useEffect, useRef, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Button, Drawer, Form, Input, InputNumber, Radio, Select, Spin, Switch } from '@arco-design/web-react';
import { DatePicker } from '@/components/SiteDatePicker';
import { useEscapeClose } from '@/hooks/useEscapeClose';
import { useGuardedClose } from '@/hooks/useGuardedClose';
import { useT, type TFunction } from '@/lang';
import RemoteSelect from '@/components/RemoteSelect';
import RemoteTreeSelect from '@/components/RemoteSelect/RemoteTreeSelect';
import { isTruthySwitch } from './cells';
import { fieldsToClear, fieldVisible, formToBody, rowToForm } from './formValues';
import IconSelect from './IconSelect';
import type { CrudTableStore } from './store';
import type { CrudField, CrudFieldContext, CrudFormMode } from './types';
import { buildRules } from './validators';

type T = TFunction;

export interface CrudFormProps {
  store: CrudTableStore<any>;
  /** default: the store's `fields`. */
  fields?: CrudField[];
  /** language key naming the record (e.g. 'auth.admin.admin'): titles become "Add <name>". */
  entity?: string;
  width?: number;
}

function CustomControl(props: { value?: any; onChange?: (v: any) => void; field: CrudField; mode: CrudFormMode; values: Record<string, any> }) {
  const { value, onChange, field, mode, values } = props;
  const ctx: CrudFieldContext = { value, onChange: (v) => onChange?.(v), mode, values };
  return <>{field.render ? field.render(ctx) : null}</>;
}

function control(field: CrudField, t: T, mode: CrudFormMode, values: Record<string, any>, row: Record<string, any> | null, editingId: unknown) {
  const label = t(field.label);
  const ph = field.placeholder ? t(field.placeholder) : undefined;
  const disabled = typeof field.disabled === 'function' ? field.disabled(mode, row, values) : field.disabled;
  const common = { disabled, ...(field.props ?? {}) };
  switch (field.type) {
    case 'textarea':
      return <Input.TextArea placeholder={ph ?? t('crud.inputFieldPlaceholder', { field: label })} autoSize={{ minRows: 3, maxRows: 8 }} {...common} />;
    case 'number':
      return <InputNumber placeholder={ph ?? t('crud.inputFieldPlaceholder', { field: label })} style={{ width: '100%' }} {...common} />;
    case 'password':
      return <Input.Password placeholder={ph ?? t('crud.inputFieldPlaceholder', { field: label })} autoComplete="new-password" {...common} />;
    case 'switch':
      return <Switch {...common} />;
    case 'radio':
      return (
        <Radio.Group type="button" {...common}>
          {(field.options ?? []).map((o) => (
            <Radio key={String(o.value)} value={o.value}>
              {t(o.label)}
            </Radio>
          ))}
        </Radio.Group>
      );
    case 'select':
      return (
        <Select
          allowClear
          placeholder={ph ?? t('crud.selectFieldPlaceholder', { field: label })}
          options={(field.options ?? []).map((o) => ({ value: o.value, label: t(o.label) }))}
          {...common}
        />
      );
    case 'remoteSelect': {
      // params read from the form (cascading selects): a new select, with fresh options, when they change
      const fromValues = field.remoteParams ? field.remoteParams(values) : undefined;
      return (
        <RemoteSelect
          key={fromValues ? JSON.stringify(fromValues) : undefined}
          url={field.remote?.url ?? ''}
          valueField={field.remote?.valueField}
          labelField={field.remote?.labelField}
          params={fromValues ? { ...(field.remote?.params ?? {}), ...fromValues } : field.remote?.params}
          multiple={field.remote?.multiple}
          placeholder={ph ?? t('crud.selectFieldPlaceholder', { field: label })}
          {...common}
        />
      );
    }
    case 'treeSelect':
      return (
        <RemoteTreeSelect
          url={field.remote?.url ?? ''}
          valueField={field.remote?.valueField}
          labelField={field.remote?.labelField}
          params={field.remote?.params}
          data={field.treeData}
          rootValue={field.rootValue}
          exclude={mode === 'edit' ? (editingId as any) : null}
          placeholder={ph ?? t('crud.selectFieldPlaceholder', { field: label })}
          allowClear={field.rootValue === undefined}
          {...common}
        />
      );
    case 'iconSelect':
      return <IconSelect placeholder={ph} {...common} />;
    case 'date':
      return <DatePicker style={{ width: '100%' }} placeholder={ph ?? t('crud.selectFieldPlaceholder', { field: label })} {...common} />;
    case 'datetime':
      return <DatePicker showTime style={{ width: '100%' }} placeholder={ph ?? t('crud.selectFieldPlaceholder', { field: label })} {...common} />;
    case 'custom':
      return <CustomControl field={field} mode={mode} values={values} />;
    case 'input':
    default:
      return <Input allowClear placeholder={ph ?? t('crud.inputFieldPlaceholder', { field: label })} {...common} />;
  }
}

/**
 * A tree select over the page's own controller (a parent picker): the edited record and its subtree are
 * left out, since a node cannot hang below itself. Trees of other controllers (a product's category) keep
 * every node.
 */
export function ownTree(field: CrudField, base: string): boolean {
  if (field.type !== 'treeSelect') return false;
  if (!field.remote?.url) return !!field.treeData;
  const strip = (u: string) => u.replace(/\/+$/, '').toLowerCase();
  return strip(field.remote.url).startsWith(`${strip(base)}/`);
}

export const CrudForm = observer(function CrudForm({ store, fields: fieldsProp, entity, width = 560 }: CrudFormProps) {
  const t = useT();
  const [form] = Form.useForm();
  const [values, setValues] = useState<Record<string, any>>({});
  /** The user changed a field since the form was filled (closing asks before discarding it). */
  const changed = useRef(false);
  const fields = fieldsProp ?? store.fields;
  const mode: CrudFormMode = store.formMode ?? 'add';
  const open = store.formMode !== null;
  const version = store.formVersion;

  useEffect(() => {
    if (!open || store.formLoading) return;
    const initial = rowToForm(fields, store.formRow, mode);
    form.resetFields();
    form.setFieldsValue(initial);
    changed.current = false;
    setValues(initial);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [version, open, store.formLoading]);

  const submit = async () => {
    let raw: Record<string, any>;
    try {
      raw = await form.validate();
    } catch {
      return;
    }
    await store.submit(formToBody(fields, { ...values, ...raw }, mode));
  };

  const name = entity ? t(entity) : '';
  const title = mode === 'add' ? t('crud.addTitle', { name }) : t('crud.editTitle', { name });
  const editingId = store.formRow ? store.formRow[store.pk] : null;

  // Escape, the mask and the close icon ask before discarding fields changed since the form was filled
  const requestClose = useGuardedClose(() => changed.current, () => store.closeForm());
  useEscapeClose(open, requestClose);
  return (
    <Drawer
      className="crud-drawer"
      width={typeof window !== 'undefined' ? Math.min(width, window.innerWidth) : width}
      title={title.trim()}
      visible={open}
      onCancel={requestClose}
      unmountOnExit
      footer={
        <div className="crud-drawer-footer">
          <Button onClick={() => store.closeForm()} data-crud="form-cancel">
            {t('crud.cancel')}
          </Button>
          <Button type="primary" loading={store.submitting} disabled={store.formLoading} onClick={() => void submit()} data-crud="form-submit">
            {mode === 'add' ? t('crud.add') : t('crud.save')}
          </Button>
        </div>
      }
    >
      <Spin loading={store.formLoading} block className="crud-form-spin">
        <Form
          form={form}
          layout="vertical"
          className="crud-form"
          autoComplete="off"
          onValuesChange={(_, all) => setValues(all as Record<string, any>)}
          onChange={(change) => {
            // a user's change (not setFieldsValue): empty the fields that depend on it
            changed.current = true;
            const props = Object.keys(change).filter((p) => String(change[p] ?? '') !== String(values[p] ?? ''));
            const clear = fieldsToClear(fields, props);
            if (clear.length) form.setFieldsValue(Object.fromEntries(clear.map((p) => [p, undefined])));
          }}
          onSubmit={() => void submit()}
        >
          {fields
            .filter((f) => fieldVisible(f, values, mode))
            .map((f) => {
              const label = t(f.label);
              const tip = typeof f.tip === 'function' ? f.tip(mode, store.formRow) : f.tip;
              const extraProps: Record<string, any> = {};
              if (f.type === 'switch') {
                extraProps.triggerPropName = 'checked';
                extraProps.formatter = (v: unknown) => isTruthySwitch(v);
                extraProps.normalize = (checked: boolean) => (checked ? 1 : 0);
              }
              if (f.type === 'date' || f.type === 'datetime') {
                extraProps.normalize = (v: unknown) => (v === undefined || v === '' ? undefined : v);
              }
              return (
                <Form.Item
                  key={f.prop}
                  field={f.prop}
                  label={label}
                  rules={buildRules(f.rules, mode, t, label, () => form.getFieldsValue())}
                  extra={tip ? t(tip) : undefined}
                  {...extraProps}
                >
                  {control(f, t, mode, values, store.formRow, ownTree(f, store.api.base) ? editingId : null)}
                </Form.Item>
              );
            })}
        </Form>
      </Spin>
    </Drawer>
  );
});

export default CrudForm;
