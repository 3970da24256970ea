/**
 * The add / edit drawer of an order: header fields (number, reference, party, type, remark) and the line
 * editor. It follows the page's CrudTableStore (openAdd / openEdit / submit), so the list reloads after a save.
 */
import './i18n';
import { useLayoutEffect } from 'react';
import { observer } from 'mobx-react-lite';
import { Alert, Button, Drawer, Form, Grid, Input, Radio, Spin } from '@arco-design/web-react';
import type { OrderListRow } from '@contract/orders';
import { useEscapeClose } from '@/hooks/useEscapeClose';
import { useGuardedClose } from '@/hooks/useGuardedClose';
import { useT } from '@/lang';
import type { CrudTableStore } from '@/components/crud';
import { SELECT_URL } from '@/api/masterData';
import { msgText } from './cells';
import type { HeaderField, OrderFormStore } from './formStore';
import LineEditor from './LineEditor';
import { orderNumber } from './orderViews';
import { PartySelect, WarehouseSelect } from './selects';
import { INBOUND_TYPE_OPTIONS, OUTBOUND_TYPE_OPTIONS } from './states';

export interface OrderFormDrawerProps {
  table: CrudTableStore<OrderListRow>;
  form: OrderFormStore;
  /** language key naming one order, e.g. 'orders.inbound.entity' */
  entity: string;
}

export const OrderFormDrawer = observer(function OrderFormDrawer({ table, form, entity }: OrderFormDrawerProps) {
  const t = useT();
  const open = table.formMode !== null;
  const mode = table.formMode ?? 'add';
  const kind = form.kind;

  useLayoutEffect(() => {
    if (!open || table.formLoading) return;
    form.reset(mode === 'edit' ? table.formRow : null);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [table.formVersion, open, table.formLoading]);

  const submit = async () => {
    if (!form.validate()) return;
    await table.submit(form.body);
  };

  const error = (field: HeaderField) => form.headerError(field);
  const item = (field: HeaderField) => {
    const e = error(field);
    return e ? { validateStatus: 'error' as const, help: msgText(t, e) } : {};
  };
  const name = t(entity);
  const title = mode === 'add' ? t('crud.addTitle', { name }) : t('crud.editTitle', { name });
  const number = orderNumber(table.formRow);
  const typeOptions = kind === 'inbound' ? INBOUND_TYPE_OPTIONS : OUTBOUND_TYPE_OPTIONS;
  const invalidCount = form.submitted ? Object.keys(form.check.lines).length + Object.keys(form.check.header).length : 0;

  // Escape, the mask and the close icon ask before discarding lines or fields entered
  const requestClose = useGuardedClose(() => form.dirty, () => table.closeForm());
  useEscapeClose(open, requestClose);
  return (
    <Drawer
      className="orders-drawer"
      width={typeof window !== 'undefined' ? Math.min(1280, window.innerWidth) : 1280}
      title={title}
      visible={open}
      onCancel={requestClose}
      unmountOnExit
      data-orders="order-form"
      footer={
        <div className="crud-drawer-footer">
          <Button onClick={() => table.closeForm()} data-orders="form-cancel">
            {t('crud.cancel')}
          </Button>
          <Button type="primary" loading={table.submitting} disabled={table.formLoading} onClick={() => void submit()} data-orders="form-submit">
            {mode === 'add' ? t('crud.add') : t('crud.save')}
          </Button>
        </div>
      }
    >
      <Spin loading={table.formLoading} block className="crud-form-spin">
        {invalidCount > 0 && <Alert className="orders-form-alert" type="error" showIcon content={t('orders.validate.fixErrors')} data-orders="form-errors" />}
        <Form layout="vertical" className="orders-form" autoComplete="off" onSubmit={() => void submit()}>
          <Grid.Row gutter={16}>
            <Grid.Col xs={24} sm={12} lg={6}>
              <Form.Item label={t(`orders.${kind}.number`)}>
                <Input value={number} disabled placeholder={t('orders.form.numberGenerated')} data-orders="form-number" />
              </Form.Item>
            </Grid.Col>
            <Grid.Col xs={24} sm={12} lg={6}>
              <Form.Item label={t('orders.field.orderSn')} {...item('order_sn')}>
                <Input
                  allowClear
                  value={form.header.order_sn}
                  placeholder={t('orders.form.orderSnPlaceholder')}
                  onChange={(v) => form.setHeader('order_sn', v)}
                  data-orders="form-order-sn"
                />
              </Form.Item>
            </Grid.Col>
            {kind !== 'adjustment' && (
            <Grid.Col xs={24} sm={12} lg={6}>
              <Form.Item label={t(kind === 'inbound' ? 'orders.field.supplier' : 'orders.field.customer')} required={kind !== 'relocation'} {...item('party_id')}>
                <PartySelect
                  url={kind === 'inbound' ? SELECT_URL.supplier : SELECT_URL.customer}
                  value={form.header.party_id}
                  status={error('party_id') ? 'error' : undefined}
                  placeholder={t('crud.selectFieldPlaceholder', { field: t(kind === 'inbound' ? 'orders.field.supplier' : 'orders.field.customer') })}
                  onChange={(v) => form.setHeader('party_id', v)}
                  testId="form-party"
                />
              </Form.Item>
            </Grid.Col>
            )}
            {(kind === 'outbound' || kind === 'inbound') && (
              <Grid.Col xs={24} sm={12} lg={6}>
                <Form.Item label={t('orders.field.warehouse')} extra={t(kind === 'inbound' ? 'orders.form.receiveWarehouseTip' : 'orders.form.warehouseTip')}>
                  <WarehouseSelect value={form.header.warehouse_id ?? null} onChange={(v) => form.setHeader('warehouse_id', v)} />
                </Form.Item>
              </Grid.Col>
            )}
            {(kind === 'inbound' || kind === 'outbound') && (
              <Grid.Col xs={24} sm={12} lg={6}>
                <Form.Item label={t('orders.field.type')} required {...item('type')}>
                  <Radio.Group type="button" value={form.header.type ?? undefined} onChange={(v) => form.setHeader('type', Number(v))} data-orders="form-type">
                    {typeOptions.map((o) => (
                      <Radio key={o.value} value={o.value}>
                        {t(o.label)}
                      </Radio>
                    ))}
                  </Radio.Group>
                </Form.Item>
              </Grid.Col>
            )}
            <Grid.Col span={24}>
              <Form.Item label={t('orders.field.remark')} {...item('remark')}>
                <Input.TextArea
                  value={form.header.remark}
                  autoSize={{ minRows: 1, maxRows: 4 }}
                  placeholder={t('crud.inputFieldPlaceholder', { field: t('orders.field.remark') })}
                  onChange={(v) => form.setHeader('remark', v)}
                  data-orders="form-remark"
                />
              </Form.Item>
            </Grid.Col>
          </Grid.Row>
          <div className="orders-section-title">{t('orders.form.lines')}</div>
          <LineEditor store={form} />
        </Form>
      </Spin>
    </Drawer>
  );
});

export default OrderFormDrawer;
