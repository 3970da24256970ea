/**
 * Own profile (/admin/routine/adminInfo): the profile card with the avatar, and the form for nickname,
 * e-mail, mobile, motto and a new password.
 */
import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Avatar, Button, Card, Descriptions, Form, Grid, Input, Typography } from '@arco-design/web-react';
import { IconUser } from '@arco-design/web-react/icon';
import { buildRules, formatDatetime } from '@/components/crud';
import '@/components/crud/i18n';
import { useT } from '@/lang';
import { useStore } from '@/stores/context';
import { useRecordForm } from '@/hooks/useRecordForm';
import { LoadState } from '@/components/LoadState';
import { AdminInfoPageStore, type ProfileForm } from './store';
import './adminInfo.css';

const AdminInfoPage = observer(function AdminInfoPage() {
  const t = useT();
  const root = useStore();
  const [store] = useState(() => new AdminInfoPageStore(root as any));
  const [form] = Form.useForm<ProfileForm>();
  const [avatar, setAvatar] = useRecordForm(store, form, (info) => ({ nickname: info.nickname ?? '', email: info.email ?? '', mobile: info.mobile ?? '', motto: info.motto ?? '', password: '' }));
  const info = store.info;

  const submit = async () => {
    let values: ProfileForm;
    try {
      values = await form.validate();
    } catch {
      return;
    }
    if (await store.saveProfile(values)) form.setFieldValue('password', '');
  };

  const rules = (label: string, specs: Parameters<typeof buildRules>[0]) => buildRules(specs, 'edit', t, t(label));

  if (!info) return <LoadState loading={store.loading} error={store.error} className="admin-info" />;

  return (
    <div className="admin-info">
      <Grid.Row gutter={[16, 16]}>
        <Grid.Col xs={24} md={9} lg={8}>
          <Card className="admin-info-card" bordered={false}>
            <div className="admin-info-head">
              <Avatar size={96} className="admin-info-avatar">
                {info.avatar ? <img src={info.avatar} alt={info.username} /> : <IconUser />}
              </Avatar>
              <Typography.Title heading={5} className="admin-info-name">
                {info.nickname || info.username}
              </Typography.Title>
              <Typography.Text type="secondary">{info.motto || t('routine.adminInfo.noMotto')}</Typography.Text>
            </div>
            <Descriptions
              column={1}
              className="admin-info-desc"
              labelStyle={{ width: 96 }}
              data={[
                { label: t('routine.adminInfo.username'), value: info.username },
                { label: t('routine.adminInfo.email'), value: info.email || '-' },
                { label: t('routine.adminInfo.mobile'), value: info.mobile || '-' },
                { label: t('routine.adminInfo.lastlogintime'), value: formatDatetime(info.lastlogintime) },
              ]}
            />
            <div className="admin-info-avatar-edit">
              <Typography.Text className="admin-info-label">{t('routine.adminInfo.avatar')}</Typography.Text>
              <Input.Group compact className="admin-info-avatar-row">
                <Input value={avatar} onChange={setAvatar} placeholder={t('routine.adminInfo.avatarPlaceholder')} allowClear style={{ width: 'calc(100% - 80px)' }} />
                <Button type="primary" loading={store.savingAvatar} disabled={avatar.trim() === (info.avatar ?? '')} onClick={() => void store.saveAvatar(avatar)} style={{ width: 80 }}>
                  {t('crud.save')}
                </Button>
              </Input.Group>
            </div>
          </Card>
        </Grid.Col>
        <Grid.Col xs={24} md={15} lg={16}>
          <Card className="admin-info-card" bordered={false} title={t('routine.adminInfo.editProfile')}>
            <Form form={form} layout="vertical" autoComplete="off" className="admin-info-form" onSubmit={() => void submit()}>
              <Form.Item label={t('routine.adminInfo.username')}>
                <Input value={info.username} disabled />
              </Form.Item>
              <Form.Item field="nickname" label={t('routine.adminInfo.nickname')} rules={rules('routine.adminInfo.nickname', ['required'])}>
                <Input allowClear placeholder={t('crud.inputFieldPlaceholder', { field: t('routine.adminInfo.nickname') })} />
              </Form.Item>
              <Form.Item field="email" label={t('routine.adminInfo.email')} rules={rules('routine.adminInfo.email', ['email'])}>
                <Input allowClear placeholder={t('crud.inputFieldPlaceholder', { field: t('routine.adminInfo.email') })} />
              </Form.Item>
              <Form.Item field="mobile" label={t('routine.adminInfo.mobile')} rules={rules('routine.adminInfo.mobile', ['mobile'])}>
                <Input allowClear placeholder={t('crud.inputFieldPlaceholder', { field: t('routine.adminInfo.mobile') })} />
              </Form.Item>
              <Form.Item field="motto" label={t('routine.adminInfo.motto')}>
                <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} placeholder={t('crud.inputFieldPlaceholder', { field: t('routine.adminInfo.motto') })} />
              </Form.Item>
              <Form.Item
                field="password"
                label={t('routine.adminInfo.newPassword')}
                rules={rules('routine.adminInfo.newPassword', ['password'])}
                extra={t('crud.leaveEmptyToKeep')}
              >
                <Input.Password autoComplete="new-password" placeholder={t('crud.inputFieldPlaceholder', { field: t('routine.adminInfo.newPassword') })} />
              </Form.Item>
              <Form.Item>
                <Button type="primary" htmlType="submit" loading={store.saving} data-testid="profile-save">
                  {t('routine.adminInfo.saveProfile')}
                </Button>
              </Form.Item>
            </Form>
          </Card>
        </Grid.Col>
      </Grid.Row>
    </div>
  );
});

export default AdminInfoPage;
