/**
 * The CRUD generator (/admin/crud/crud; development only, super administrators): design a table in the
 * fields grid (or start from an existing table), preview the files, generate — the migration, the server's
 * CRUD definition and controller, this web page, both language files and an API spec are written into the
 * repository, and each file's diff is shown — and remove a past generation (never while its table has rows).
 */
import { useEffect, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Alert, Button, Checkbox, Collapse, Input, Popconfirm, Select, Space, Tag } from '@arco-design/web-react';
import { IconDelete, IconPlus } from '@arco-design/web-react/icon';
import { CRUD_FIELD_TYPES, CRUD_FORM_WIDGETS, type CrudGenerationView } from '@contract/modules';
import { ListTable } from '@/components/crud';
import { useAuth } from '@/hooks/useAuth';
import { useT } from '@/lang';
import { addNavigationGuard } from '@/router/menuNavigation';
import { CrudGeneratorStore, type FieldRow } from './store';

const l = (key: string) => `crud.crud.${key}`;
const RELATION_TABLES = ['brand', 'unit', 'supplier', 'customer', 'carrier', 'warehouse', 'product', 'admin', 'user'];

export default observer(function CrudGeneratorPage() {
  const t = useT();
  const auth = useAuth();
  const [store] = useState(() => new CrudGeneratorStore());
  const [source, setSource] = useState('');
  useEffect(() => {
    void store.loadHistory();
    // leaving while files are being written would hide what was written: the menus say so instead
    return addNavigationGuard(() => store.loading);
  }, [store]);

  if (store.unavailable) return <Alert type="warning" content={store.unavailable} data-testid="crud-unavailable" />;

  const update = (row: FieldRow, patch: Partial<FieldRow>) => store.updateField(row.key, patch);
  const fieldColumns = [
    { title: t(l('fieldName')), dataIndex: 'name', width: 150, render: (_: unknown, row: FieldRow) => <Input size="small" value={row.name} onChange={(v) => update(row, { name: v })} placeholder="snake_case" data-testid="crud-field-name" /> },
    {
      title: t(l('type')),
      dataIndex: 'type',
      width: 130,
      render: (_: unknown, row: FieldRow) => (
        <Select size="small" value={row.type} onChange={(v) => update(row, { type: v })} data-testid="crud-field-type">
          {CRUD_FIELD_TYPES.map((type) => (
            <Select.Option key={type} value={type}>
              {t(l(`types.${type}`))}
            </Select.Option>
          ))}
        </Select>
      ),
    },
    { title: t(l('comment')), dataIndex: 'comment', width: 160, render: (_: unknown, row: FieldRow) => <Input size="small" value={row.comment} onChange={(v) => update(row, { comment: v })} data-testid="crud-field-comment" /> },
    {
      title: t(l('form')),
      dataIndex: 'form',
      width: 140,
      render: (_: unknown, row: FieldRow) => (
        <Select size="small" value={row.form} onChange={(v) => update(row, { form: v })}>
          {CRUD_FORM_WIDGETS.map((widget) => (
            <Select.Option key={widget} value={widget}>
              {t(l(`widgets.${widget}`))}
            </Select.Option>
          ))}
        </Select>
      ),
    },
    {
      title: t(l('extra')),
      dataIndex: 'optionsText',
      width: 180,
      render: (_: unknown, row: FieldRow) =>
        row.type === 'select' ? (
          <Input size="small" value={row.optionsText} onChange={(v) => update(row, { optionsText: v })} placeholder="1=…, 2=…" />
        ) : row.type === 'relation' ? (
          <Select size="small" value={row.relation?.table} onChange={(v) => update(row, { relation: { table: v, label: '' } })} placeholder={t(l('relationTable'))}>
            {RELATION_TABLES.map((table) => (
              <Select.Option key={table} value={table}>
                {table}
              </Select.Option>
            ))}
          </Select>
        ) : null,
    },
    { title: t(l('list')), dataIndex: 'list', width: 60, render: (_: unknown, row: FieldRow) => <Checkbox checked={row.list} onChange={(v) => update(row, { list: v })} /> },
    { title: t(l('search')), dataIndex: 'search', width: 60, render: (_: unknown, row: FieldRow) => <Checkbox checked={row.search} onChange={(v) => update(row, { search: v })} /> },
    { title: t(l('required')), dataIndex: 'required', width: 60, render: (_: unknown, row: FieldRow) => <Checkbox checked={row.required} onChange={(v) => update(row, { required: v })} /> },
    { title: '', dataIndex: 'key', width: 56, render: (_: unknown, row: FieldRow) => <Button size="small" status="danger" icon={<IconDelete />} aria-label={t(l('removeField'))} onClick={() => store.removeField(row.key)} /> },
  ];

  const historyColumns = [
    { title: 'ID', dataIndex: 'id', width: 70 },
    { title: t(l('table')), dataIndex: 'table_name', width: 160 },
    { title: t(l('title')), dataIndex: 'title', width: 160 },
    { title: t(l('state')), dataIndex: 'status', width: 100, render: (status: number) => (status ? <Tag color="green">{t(l('written'))}</Tag> : <Tag>{t(l('removed'))}</Tag>) },
    { title: t(l('files')), dataIndex: 'files', render: (files: string[]) => <span title={files.join('\n')}>{files.length}</span> },
    {
      title: '',
      dataIndex: 'id',
      key: 'remove',
      width: 120,
      render: (id: number, row: CrudGenerationView) =>
        row.status && auth('remove') ? (
          <Popconfirm title={t(l('removeConfirm'))} onOk={() => store.remove(id)}>
            <Button size="small" status="danger" data-testid={`crud-remove-${row.table_name}`}>
              {t(l('remove'))}
            </Button>
          </Popconfirm>
        ) : null,
    },
  ];

  return (
    <div className="crud-page" data-testid="crud-generator">
      <Alert type="info" content={t(l('hint'))} style={{ marginBottom: 12 }} />
      {store.error ? <Alert type="error" content={store.error} style={{ marginBottom: 12 }} data-testid="crud-error" /> : null}
      <Space wrap style={{ marginBottom: 12 }}>
        <Input style={{ width: 200 }} value={store.table} onChange={(v) => store.setTable(v)} placeholder={t(l('table'))} addBefore={t(l('table'))} data-testid="crud-table" />
        <Input style={{ width: 220 }} value={store.title} onChange={(v) => store.setTitle(v)} placeholder={t(l('title'))} addBefore={t(l('title'))} data-testid="crud-title" />
        <Input style={{ width: 200 }} value={source} onChange={setSource} placeholder={t(l('fromTable'))} data-testid="crud-from-table" />
        <Button onClick={() => void store.startFrom(source)} disabled={!source.trim()} loading={store.loading}>
          {t(l('load'))}
        </Button>
      </Space>
      <ListTable<FieldRow> rowKey="key" columns={fieldColumns} data={store.fields.slice()} pagination={false} rowDetail={false} scroll={{ x: 1000 }} data-testid="crud-fields" />
      <Space wrap style={{ margin: '12px 0' }}>
        <Button icon={<IconPlus />} onClick={() => store.addField()} data-testid="crud-add-field">
          {t(l('addField'))}
        </Button>
        <Button onClick={() => void store.preview()} loading={store.loading} data-testid="crud-preview">
          {t(l('preview'))}
        </Button>
        {auth('generate') ? (
          <Button type="primary" onClick={() => void store.generate()} loading={store.loading} data-testid="crud-generate">
            {t(l('generate'))}
          </Button>
        ) : null}
      </Space>
      {store.files.length ? (
        <div data-testid="crud-files" style={{ marginBottom: 16 }}>
          <Alert type={store.written ? 'success' : 'info'} content={t(store.written ? l('writtenHint') : l('previewHint'), { count: store.files.length })} style={{ marginBottom: 8 }} />
          <Collapse>
            {store.files.map((file) => (
              <Collapse.Item key={file.path} name={file.path} header={<span data-testid="crud-file">{`${file.change === 'add' ? '+' : '~'} ${file.path}`}</span>}>
                <pre style={{ maxHeight: 360, overflow: 'auto', fontSize: 12, margin: 0 }}>{file.diff}</pre>
              </Collapse.Item>
            ))}
          </Collapse>
        </div>
      ) : null}
      <h3>{t(l('history'))}</h3>
      <ListTable<CrudGenerationView> rowKey="id" columns={historyColumns} data={store.history.slice()} pagination={false} data-testid="crud-history" />
    </div>
  );
});
