/** The control of one config item, by its type (value / onChange come from the Form.Item). */
import { Checkbox, Input, InputNumber, Radio, Select, Switch, TimePicker } from '@arco-design/web-react';
import { DatePicker } from '@/components/SiteDatePicker';
import IconSelect from '@/components/crud/IconSelect';
import { ImageUpload } from '@/components/Upload';
import { useT } from '@/lang';
import { inputPropsOf, type ConfigItem, type KeyValueRow } from './configForm';
import { FileUpload } from './FileUpload';
import { KeyValueInput } from './KeyValueInput';

export interface ConfigFieldProps {
  item: ConfigItem;
  value?: any;
  onChange?: (value: any) => void;
  disabled?: boolean;
  /** the control's element id; `config-<name>` by default (not `id`: Form.Item sets that prop) */
  inputId?: string;
}

export function ConfigField({ item, value, onChange, disabled, inputId }: ConfigFieldProps) {
  const t = useT();
  const props = inputPropsOf(item);
  const options = Object.entries(item.content ?? {}).map(([key, label]) => ({ value: key, label }));
  const inputPlaceholder = props.placeholder ?? t('crud.inputFieldPlaceholder', { field: item.title });
  const selectPlaceholder = props.placeholder ?? t('crud.selectFieldPlaceholder', { field: item.title });
  const common = { disabled, id: inputId ?? `config-${item.name}` };

  switch (item.type) {
    case 'password':
      return <Input.Password {...common} value={value ?? ''} onChange={onChange} placeholder={inputPlaceholder} maxLength={props.maxLength} autoComplete="new-password" />;
    case 'number':
      return <InputNumber {...common} value={value} onChange={onChange} placeholder={inputPlaceholder} min={props.min} max={props.max} step={props.step} style={{ width: '100%' }} />;
    case 'textarea':
      return <Input.TextArea {...common} value={value ?? ''} onChange={onChange} placeholder={inputPlaceholder} maxLength={props.maxLength} autoSize={{ minRows: 3, maxRows: 10 }} />;
    case 'editor':
      return <Input.TextArea {...common} value={value ?? ''} onChange={onChange} placeholder={inputPlaceholder} maxLength={props.maxLength} autoSize={{ minRows: 6, maxRows: 20 }} className="config-editor" />;
    case 'radio':
      return <Radio.Group {...common} value={value} onChange={onChange} options={options} />;
    case 'checkbox':
      return <Checkbox.Group {...common} value={Array.isArray(value) ? value : []} onChange={onChange} options={options} />;
    case 'select':
      return <Select {...common} value={value === '' ? undefined : value} onChange={(v) => onChange?.(v ?? '')} options={options} allowClear placeholder={selectPlaceholder} />;
    case 'selects':
      return <Select {...common} mode="multiple" value={Array.isArray(value) ? value : []} onChange={onChange} options={options} allowClear placeholder={selectPlaceholder} />;
    case 'switch':
      return <Switch {...common} checked={Boolean(value)} onChange={onChange} />;
    case 'array':
      return <KeyValueInput name={item.name} value={value as KeyValueRow[]} onChange={onChange} disabled={disabled} />;
    case 'image':
      return <ImageUpload value={value} onChange={onChange} disabled={disabled} topic="config" />;
    case 'images':
      return <ImageUpload value={value} onChange={onChange} disabled={disabled} topic="config" multiple />;
    case 'file':
      return <FileUpload value={value} onChange={onChange} disabled={disabled} />;
    case 'files':
      return <FileUpload value={value} onChange={onChange} disabled={disabled} multiple />;
    case 'date':
      return <DatePicker {...common} value={value || undefined} onChange={(v) => onChange?.(v ?? '')} format="YYYY-MM-DD" placeholder={selectPlaceholder} style={{ width: '100%' }} />;
    case 'datetime':
      return <DatePicker {...common} showTime value={value || undefined} onChange={(v) => onChange?.(v ?? '')} format="YYYY-MM-DD HH:mm:ss" placeholder={selectPlaceholder} style={{ width: '100%' }} />;
    case 'time':
      return <TimePicker {...common} value={value || undefined} onChange={(v) => onChange?.(v ?? '')} format="HH:mm:ss" placeholder={selectPlaceholder} style={{ width: '100%' }} />;
    case 'icon':
      return <IconSelect value={value} onChange={onChange} disabled={disabled} placeholder={props.placeholder} />;
    case 'string':
    default:
      return <Input {...common} value={value ?? ''} onChange={onChange} placeholder={inputPlaceholder} maxLength={props.maxLength} allowClear />;
  }
}

export default ConfigField;
