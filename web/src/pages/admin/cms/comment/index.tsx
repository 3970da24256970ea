/**
 * Comments (/admin/cms/comment): what visitors and members wrote under content — shown on the site only
 * once approved here. Approve or refuse one row or the selected rows; delete; CSV export. Comment texts are
 * shown as text.
 */
import '@/features/cms/i18n';
import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Button, Space } from '@arco-design/web-react';
import { IconCheck, IconClose } from '@arco-design/web-react/icon';
import { CrudTable, CrudTableStore, type CrudColumn } from '@/components/crud';
import { COMMENT_STATUS, COMMENT_STATUS_OPTIONS } from '@/features/cms/options';
import { ExportButton } from '@/components/transfer/ExportButton';
import { useAuth } from '@/hooks/useAuth';
import { useT } from '@/lang';
import { useStore } from '@/stores/context';

export const COMMENT_API = '/admin/cms.Comment';
const l = (key: string) => `cms.comment.${key}`;

export const commentColumns: CrudColumn[] = [
  { prop: 'id', label: l('id'), width: 70, operator: '=', sortable: true },
  { prop: 'content', label: l('content'), minWidth: 260, ellipsis: true, operator: 'LIKE', cell: (v: unknown) => <span className="cms-comment-text">{String(v ?? '')}</span> },
  { prop: 'post.title', label: l('title'), minWidth: 160, ellipsis: true, searchField: 'content_id', operator: '=', searchRemote: { url: '/admin/cms.Content/index', labelField: 'title' } },
  {
    prop: 'author',
    label: l('author'),
    width: 120,
    ellipsis: true,
    operator: false,
    cell: (_: unknown, row: Record<string, any>) => row.user?.nickname || row.user?.username || row.nickname || '-',
  },
  { prop: 'status', label: l('status'), render: 'tag', options: COMMENT_STATUS_OPTIONS, width: 96, align: 'center' },
  { prop: 'memo', label: l('memo'), width: 140, ellipsis: true, hidden: true, operator: false },
  { prop: 'ip', label: l('ip'), width: 130, operator: 'LIKE', hidden: true },
  { prop: 'createtime', label: l('createtime'), render: 'datetime', width: 170, sortable: true },
];

export default observer(function CommentPage() {
  const t = useT();
  const root = useStore();
  const auth = useAuth();
  const [store] = useState(() => new CrudTableStore(root, { api: COMMENT_API, columns: commentColumns, quickSearchFields: [l('id'), l('content'), l('title')] }));
  const audit = async (ids: Array<string | number>, status: number) => {
    if (await store.runAction('audit', { ids, status })) store.setSelectedKeys([]);
  };
  const selected = store.selectedKeys;
  return (
    <div className="crud-page">
      <CrudTable
        store={store}
        toolbar={['refresh', 'delete', 'quickSearch', 'search', 'columns']}
        rowButtons={['delete']}
        operateWidth={140}
        toolbarExtra={
          <Space wrap>
            {auth('audit') ? (
              <>
                <Button icon={<IconCheck />} status="success" disabled={!selected.length} onClick={() => void audit(selected, COMMENT_STATUS.normal)} data-testid="comments-approve">
                  {t(l('approveSelected'))}
                </Button>
                <Button icon={<IconClose />} status="warning" disabled={!selected.length} onClick={() => void audit(selected, COMMENT_STATUS.refused)}>
                  {t(l('refuseSelected'))}
                </Button>
              </>
            ) : null}
            <ExportButton api={COMMENT_API} store={store} label="transfer.export" formats={['xlsx', 'csv']} testId="comments-export" />
          </Space>
        }
        rowActions={[
          {
            name: 'approve',
            title: l('approve'),
            icon: <IconCheck />,
            auth: 'audit',
            status: 'success',
            display: (row: Record<string, any>) => Number(row.status) !== COMMENT_STATUS.normal,
            onClick: (row: Record<string, any>) => void audit([row.id], COMMENT_STATUS.normal),
          },
          {
            name: 'refuse',
            title: l('refuse'),
            icon: <IconClose />,
            auth: 'audit',
            status: 'warning',
            display: (row: Record<string, any>) => Number(row.status) !== COMMENT_STATUS.refused,
            onClick: (row: Record<string, any>) => void audit([row.id], COMMENT_STATUS.refused),
          },
        ]}
      />
    </div>
  );
});
