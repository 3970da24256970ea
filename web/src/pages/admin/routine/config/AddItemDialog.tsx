/** The "add config item" dialog: name, group, title, tip, type, rules, options, input attributes, weight, default value. */
import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Form, Input, InputNumber, Modal, Select } from '@arco-design/web-react';
import { buildRules } from '@/components/crud/validators';
import { useT } from '@/lang';
import { ConfigField } from './ConfigField';
import { CONFIG_NAME_PATTERN, CONFIG_RULES, CONFIG_TYPES, draftItem, formValueOf, OPTION_TYPES, type AddItemForm } from './configForm';
import type { ConfigPageStore } from './store';

export interface AddItemDialogProps {
  store: ConfigPageStore;
  visible: boolean;
  onClose: () => void;
}

export const AddItemDialog = observer(function AddItemDialog({ store, visible, onClose }: AddItemDialogProps) {
  const t = useT();
  const [form] = Form.useForm<AddItemForm>();
  const [draft, setDraft] = useState<AddItemForm>({ type: 'string' });
  const label = (key: string) => t(`routine.config.add.${key}`);
  const rules = (key: string, specs: Parameters<typeof buildRules>[0]) => buildRules(specs, 'add', t, label(key));
  const type = draft.type || 'string';

  const submit = async () => {
    let values: AddItemForm;
    try {
      values = await form.validate();
    } catch {
      return;
    }
    if (await store.add(values)) {
      form.resetFields();
      setDraft({ type: 'string' });
      onClose();
    }
  };

  return (
    <Modal
      title={label('title')}
      visible={visible}
      onOk={() => void submit()}
      onCancel={onClose}
      okText={label('submit')}
      cancelText={t('crud.cancel')}
      confirmLoading={store.adding}
      style={{ width: 640, maxWidth: 'calc(100vw - 32px)' }}
      className="config-add-dialog"
    >
      <Form
        form={form}
        layout="horizontal"
        labelCol={{ span: 6 }}
        wrapperCol={{ span: 18 }}
        autoComplete="off"
        initialValues={{ type: 'string', group: store.activeGroup || undefined, weigh: 0, rule: [] }}
        onValuesChange={(changed, all) => {
          // a new type starts its default value again
          if ('type' in changed) form.setFieldValue('value', formValueOf({ type: String(changed.type ?? 'string'), value: '' }));
          setDraft({ ...all, ...changed });
        }}
        onSubmit={() => void submit()}
      >
        <Form.Item
          field="name"
          label={label('name')}
          extra={label('nameTip')}
          rules={rules('name', ['required', { test: (v) => CONFIG_NAME_PATTERN.test(String(v).trim()), message: 'routine.config.add.namePattern' }])}
        >
          <Input placeholder={t('crud.inputFieldPlaceholder', { field: label('name') })} data-testid="config-add-name" />
        </Form.Item>
        <Form.Item field="group" label={label('group')} rules={rules('group', ['required'])}>
          <Select options={store.groupOptions} placeholder={t('crud.selectFieldPlaceholder', { field: label('group') })} />
        </Form.Item>
        <Form.Item field="title" label={label('itemTitle')} rules={buildRules(['required'], 'add', t, label('itemTitle'))}>
          <Input maxLength={100} placeholder={t('crud.inputFieldPlaceholder', { field: label('itemTitle') })} data-testid="config-add-title" />
        </Form.Item>
        <Form.Item field="tip" label={label('tip')}>
          <Input maxLength={100} placeholder={label('tipPlaceholder')} />
        </Form.Item>
        <Form.Item field="type" label={label('type')} rules={rules('type', ['required'])}>
          <Select options={CONFIG_TYPES.map((value) => ({ value, label: t(`routine.config.type.${value}`) }))} data-testid="config-add-type" />
        </Form.Item>
        <Form.Item field="rule" label={label('rule')}>
          <Select mode="multiple" allowClear options={CONFIG_RULES.map((value) => ({ value, label: t(`routine.config.rule.${value}`) }))} placeholder={t('crud.selectFieldPlaceholder', { field: label('rule') })} />
        </Form.Item>
        {OPTION_TYPES.has(type) && (
          <Form.Item field="content" label={label('content')} extra={label('contentTip')} rules={rules('content', ['required'])}>
            <Input.TextArea autoSize={{ minRows: 3, maxRows: 8 }} placeholder={'key1=Label 1\nkey2=Label 2'} />
          </Form.Item>
        )}
        <Form.Item field="extend" label={label('extend')} extra={label('extendTip')}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} placeholder="placeholder=..." />
        </Form.Item>
        <Form.Item field="weigh" label={label('weigh')}>
          <InputNumber precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item field="value" label={label('value')}>
          <ConfigField key={type} inputId="config-add-value" item={{ ...draftItem(draft), title: label('value') }} />
        </Form.Item>
      </Form>
    </Modal>
  );
});

export default AddItemDialog;
