import '@/layouts/user/user.css';
import { useEffect, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { toJS } from 'mobx';
import { Typography } from '@arco-design/web-react';
import { ListTable } from '@/components/crud/ListTable';
import { PagedListStore, type PageFetch } from '@/stores/pagedList';
import { useT } from '@/lang';
import { timeFormat } from '@/utils/time';
import type { LogRow } from '@/api/member';

type Fetch = PageFetch<LogRow>;

/** One page of a member's balance or score log. */
export class LogTableStore extends PagedListStore<LogRow> {}

/** The balance (`kind` money) or score log of the member: change, before, after, remark, time; paged. */
export const LogTable = observer(function LogTable({ kind, fetch, prefix }: { kind: 'money' | 'score'; fetch: Fetch; prefix: string }) {
  const t = useT();
  const [store] = useState(() => new LogTableStore(fetch));
  useEffect(() => {
    void store.load(1);
  }, [store]);
  const change = (row: LogRow) => {
    const value = kind === 'money' ? String(row.money ?? '0.00') : String(row.score ?? 0);
    const negative = value.startsWith('-');
    return (
      <Typography.Text type={negative ? 'error' : 'success'} bold>
        {negative || value === '0' || value === '0.00' ? value : `+${value}`}
      </Typography.Text>
    );
  };
  return (
    <div className="ba-user-page">
      <h2 className="ba-user-page-title">{t(`${prefix}.title`)}</h2>
      <ListTable
        rowKey="id"
        loading={store.loading}
        data={toJS(store.list)}
        border={false}
        columns={[
          { title: t(`${prefix}.change`), render: (_: unknown, row: LogRow) => change(row), width: 140 },
          { title: t(`${prefix}.before`), dataIndex: 'before', width: 140 },
          { title: t(`${prefix}.after`), dataIndex: 'after', width: 140 },
          { title: t(`${prefix}.memo`), dataIndex: 'memo', ellipsis: true },
          { title: t(`${prefix}.createtime`), dataIndex: 'createtime', width: 190, render: (v: number) => timeFormat(v) },
        ]}
        noDataElement={<div className="ba-log-empty">{t(`${prefix}.empty`)}</div>}
        pagination={{
          current: store.page,
          pageSize: store.limit,
          total: store.total,
          showTotal: true,
          sizeCanChange: true,
          sizeOptions: [10, 20, 50, 100],
          onChange: (page, size) => void store.load(page, size),
        }}
      />
    </div>
  );
});

export default LogTable;
