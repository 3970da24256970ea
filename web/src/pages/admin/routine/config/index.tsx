/**
 * Site settings (/admin/routine/config): a tab per config group with a field per item by its type, saving
 * a tab at once, adding and deleting items, quick entrances, and in the mail tab a test mail with the
 * settings in the form. Secrets show as ****** and stay unchanged unless replaced or cleared.
 */
import { useEffect, useRef, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { useNavigate } from 'react-router-dom';
import { Alert, Button, Card, Empty, Form, Result, Space, Spin, Tabs } from '@arco-design/web-react';
import type { FormInstance } from '@arco-design/web-react/es/Form';
import { IconDelete, IconEmail, IconPlus, IconSave } from '@arco-design/web-react/icon';
import { ConfirmWithTip } from '@/components/crud/ConfirmWithTip';
import { buildRules } from '@/components/crud/validators';
import '@/components/crud/i18n';
import { useAuth } from '@/hooks/useAuth';
import { useT } from '@/lang';
import { useStore } from '@/stores/context';
import { AddItemDialog } from './AddItemDialog';
import { ConfigField } from './ConfigField';
import { groupFormValues, isSecret, MAIL_GROUP, rulesOf, SECRET_MASK, type ConfigGroupData, type ConfigItem } from './configForm';
import { ConfigPageStore } from './store';
import { TestMailDialog } from './TestMailDialog';
import './config.css';

function ItemLabel({ item, store }: { item: ConfigItem; store: ConfigPageStore }) {
  const t = useT();
  const auth = useAuth();
  return (
    <span className="config-label" title={t('routine.config.variableName', { name: item.name })}>
      {item.title}
      {item.allow_del === 1 && auth('del') && (
        <ConfirmWithTip tip={t('routine.config.deleteItem')} title={t('routine.config.confirmDelete', { title: item.title })} onOk={() => store.remove(item.id)}>
          <Button className="config-label-delete" size="mini" type="text" status="danger" icon={<IconDelete />} aria-label={t('routine.config.deleteItem')} />
        </ConfirmWithTip>
      )}
    </span>
  );
}

const GroupForm = observer(function GroupForm({ store, group }: { store: ConfigPageStore; group: ConfigGroupData }) {
  const t = useT();
  const auth = useAuth();
  const [form] = Form.useForm();
  const [testMailOpen, setTestMailOpen] = useState(false);
  const formRef = useRef<FormInstance>(form);
  formRef.current = form;
  const canEdit = auth('edit');

  const submit = async () => {
    let values: Record<string, unknown>;
    try {
      values = await form.validate();
    } catch {
      return;
    }
    await store.save(group.name, values);
  };

  const tipOf = (item: ConfigItem) => {
    if (!isSecret(item)) return item.tip || undefined;
    const secretTip = t(item.value === SECRET_MASK ? 'routine.config.secretTip' : 'routine.config.secretEmptyTip');
    return item.tip ? `${item.tip} ${secretTip}` : secretTip;
  };

  if (!group.list.length) return <Empty description={t('routine.config.noItems')} />;

  return (
    <>
      <Form
        form={form}
        className="config-form"
        layout="horizontal"
        labelCol={{ xs: 24, sm: 6, lg: 5 }}
        wrapperCol={{ xs: 24, sm: 18, lg: 15 }}
        initialValues={groupFormValues(group.list)}
        autoComplete="off"
        disabled={!canEdit}
        onSubmit={() => void submit()}
        data-testid={`config-form-${group.name}`}
      >
        {group.list.map((item) => (
          <Form.Item key={item.id} field={item.name} label={<ItemLabel item={item} store={store} />} extra={tipOf(item)} rules={buildRules(rulesOf(item), 'edit', t, item.title)}>
            <ConfigField item={item} />
          </Form.Item>
        ))}
        <Form.Item label=" " colon={false} className="config-actions">
          <Space wrap>
            {canEdit && (
              <Button type="primary" htmlType="submit" icon={<IconSave />} loading={store.saving} data-testid="config-save">
                {t('routine.config.save')}
              </Button>
            )}
            {group.name === MAIL_GROUP && auth('sendTestMail') && (
              <Button icon={<IconEmail />} onClick={() => setTestMailOpen(true)} data-testid="config-test-mail">
                {t('routine.config.testMail.button')}
              </Button>
            )}
          </Space>
        </Form.Item>
      </Form>
      {/* outside the form: a submit inside the dialog would otherwise bubble (through the portal) into this form */}
      {group.name === MAIL_GROUP && (
        <TestMailDialog store={store} visible={testMailOpen} onClose={() => setTestMailOpen(false)} values={() => formRef.current.getFieldsValue() as Record<string, unknown>} />
      )}
    </>
  );
});

const ConfigPage = observer(function ConfigPage() {
  const t = useT();
  const root = useStore();
  const auth = useAuth();
  const navigate = useNavigate();
  const [store] = useState(() => new ConfigPageStore(root));
  const [addOpen, setAddOpen] = useState(false);

  useEffect(() => {
    void store.load();
  }, [store]);

  const data = store.data;
  if (!data) {
    return (
      <div className="config-page">
        <Card bordered={false}>
          {store.loading || !store.error ? (
            <Spin loading block style={{ width: '100%', minHeight: 240 }}>
              <div style={{ minHeight: 240 }} />
            </Spin>
          ) : (
            <Result
              status="error"
              title={t('routine.config.loadFailed')}
              subTitle={store.error}
              extra={
                <Button type="primary" onClick={() => void store.load()}>
                  {t('routine.config.retry')}
                </Button>
              }
            />
          )}
        </Card>
      </div>
    );
  }

  return (
    <div className="config-page">
      {data.remark ? <Alert className="config-remark" type="info" content={data.remark} showIcon /> : null}
      {data.quickEntrance.length > 0 && (
        <Card bordered={false} className="config-quick" title={t('routine.config.quickEntrance')} size="small">
          <Space wrap>
            {data.quickEntrance.map((entry) => (
              <Button key={`${entry.key}-${entry.value}`} size="small" type="secondary" onClick={() => navigate(entry.value)}>
                {entry.key}
              </Button>
            ))}
          </Space>
        </Card>
      )}
      <Card bordered={false} className="config-card">
        <Tabs
          activeTab={store.activeGroup}
          onChange={store.setActiveGroup.bind(store)}
          extra={
            auth('add') ? (
              <Button type="primary" size="small" icon={<IconPlus />} onClick={() => setAddOpen(true)} data-testid="config-add">
                {t('routine.config.addItem')}
              </Button>
            ) : null
          }
        >
          {store.groups.map((group) => (
            <Tabs.TabPane key={group.name} title={group.title}>
              <GroupForm key={`${group.name}-${store.version}`} store={store} group={group} />
            </Tabs.TabPane>
          ))}
        </Tabs>
      </Card>
      {auth('add') && <AddItemDialog store={store} visible={addOpen} onClose={() => setAddOpen(false)} />}
    </div>
  );
});

export default ConfigPage;
