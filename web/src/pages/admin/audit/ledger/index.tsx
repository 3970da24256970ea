/**
 * The auditor's ledger workspace (/admin/audit/ledger): take a signed digest of the ledger, download it as a
 * small JSON file with the public key that checks it, and verify the ledger — every event's hash chain and a
 * digest's Merkle root recomputed from the database — with progress as it goes and the answer "intact up to
 * event N" or the first event found altered, removed, inserted or out of order (stream and order number).
 */
import '@/features/orders/orders.css';
import './ledger.css';
import { useEffect, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { Alert, Button, Card, Collapse, Dropdown, Menu, Progress, Space, Tag, Typography } from '@arco-design/web-react';
import { IconCheckCircle, IconDownload, IconSafe } from '@arco-design/web-react/icon';
import type { VerificationReport } from '@contract/ledger';
import { CrudTable, formatDatetime, type CrudColumn } from '@/components/crud';
import { useAuth } from '@/hooks/useAuth';
import { getLocale, useT } from '@/lang';
import { useStore } from '@/stores/context';
import { digestDownloadUrl, ledgerExportUrl, publicKeyUrl } from '@/api/inventory';
import { LedgerPageStore } from './store';

function download(url: string): void {
  const a = document.createElement('a');
  a.href = url;
  a.rel = 'noopener';
  a.download = '';
  document.body.appendChild(a);
  a.click();
  a.remove();
}

const digestColumns = (page: () => LedgerPageStore, token: () => string, canVerify: boolean, canDownload: boolean): CrudColumn[] => [
  { prop: 'id', label: 'audit.ledger.id', width: 70, operator: '=', sortable: true },
  { prop: 'created_at', label: 'audit.ledger.createdAt', render: 'datetime', width: 165, operator: false, sortable: true },
  { prop: 'day', label: 'audit.ledger.day', width: 110, operator: 'LIKE', cell: (v: unknown) => (v ? <Tag size="small">{String(v)}</Tag> : <span className="orders-sub">-</span>) },
  { prop: 'last_event_id', label: 'audit.ledger.lastEvent', width: 100, align: 'right', operator: false },
  { prop: 'streams', label: 'audit.ledger.streams', width: 80, align: 'right', operator: false },
  { prop: 'root', label: 'audit.ledger.root', minWidth: 160, ellipsis: true, operator: 'LIKE', cell: (v: unknown) => <code className="ledger-hash">{String(v)}</code> },
  {
    prop: 'signature',
    label: 'audit.ledger.actions',
    width: 190,
    operator: false,
    cell: (_v: unknown, row: Record<string, any>) => (
      <Space size={4}>
        {canVerify && (
          <Button size="mini" type="primary" disabled={page().verifying} onClick={() => page().verify(Number(row.id))} data-ledger={`verify-digest-${row.id}`}>
            <ActionLabel k="audit.ledger.verifyThis" />
          </Button>
        )}
        {canDownload && (
          <Button size="mini" icon={<IconDownload />} onClick={() => download(digestDownloadUrl(Number(row.id), token(), getLocale()))} data-ledger={`download-${row.id}`}>
            JSON
          </Button>
        )}
      </Space>
    ),
  },
];

function ActionLabel({ k }: { k: string }) {
  const t = useT();
  return <>{t(k)}</>;
}

const runColumns: CrudColumn[] = [
  { prop: 'id', label: 'audit.ledger.id', width: 70, operator: '=', sortable: true },
  { prop: 'started_at', label: 'audit.ledger.startedAt', render: 'datetime', width: 165, operator: false, sortable: true },
  { prop: 'digest_id', label: 'audit.ledger.digest', width: 80, operator: '=', cell: (v: unknown) => (Number(v) ? `#${v}` : '-') },
  { prop: 'events', label: 'audit.ledger.events', width: 90, align: 'right', operator: false },
  { prop: 'intact', label: 'audit.ledger.result', width: 170, operator: false, cell: (v: unknown, row: Record<string, any>) => <RunResult intact={Number(v) === 1} kind={row.problem_kind} /> },
  { prop: 'intact_up_to', label: 'audit.ledger.intactUpToColumn', width: 120, align: 'right', operator: false },
  { prop: 'problem_stream', label: 'audit.ledger.problemStream', minWidth: 140, ellipsis: true, operator: 'LIKE' },
  { prop: 'problem_version', label: 'audit.ledger.problemVersion', width: 100, align: 'right', operator: false, cell: (v: unknown) => (Number(v) ? String(v) : '-') },
];

function RunResult({ intact, kind }: { intact: boolean; kind: string }) {
  const t = useT();
  return intact ? (
    <Tag color="green" size="small">
      {t('audit.ledger.intact')}
    </Tag>
  ) : (
    <Tag color="red" size="small">
      {t(`audit.ledger.problem.${kind || 'altered'}`)}
    </Tag>
  );
}

const Answer = observer(function Answer({ report }: { report: VerificationReport }) {
  const t = useT();
  const digest = report.digest
    ? t(report.digest.signature_valid ? (report.digest.matched ? 'audit.ledger.digestMatched' : 'audit.ledger.digestNotMatched') : 'audit.ledger.digestBadSignature', { id: report.digest.id })
    : t('audit.ledger.noDigest');
  if (report.intact) {
    return (
      <Alert
        type="success"
        showIcon
        data-ledger="answer"
        title={t('audit.ledger.intactUpTo', { n: report.intact_up_to })}
        content={`${t('audit.ledger.counted', { events: report.events, streams: report.streams, seconds: report.seconds.toFixed(1) })} ${digest}`}
      />
    );
  }
  const p = report.problem!;
  return (
    <Alert
      type="error"
      showIcon
      data-ledger="answer"
      title={t(`audit.ledger.problem.${p.kind}`)}
      content={
        <div>
          {p.stream_id && <div>{t('audit.ledger.where', { stream: p.stream_id, version: p.stream_version, event: p.event_id ?? '-' })}</div>}
          {report.intact_up_to > 0 && <div>{t('audit.ledger.intactUpTo', { n: report.intact_up_to })}</div>}
          <div>{digest}</div>
        </div>
      }
    />
  );
});

/** What the stored digests leave uncovered (unsigned, missing, late digests, events without one). */
function SeriesWarnings({ report }: { report: VerificationReport }) {
  const t = useT();
  if (!report.series?.length) return null;
  return (
    <Alert
      type="warning"
      showIcon
      data-ledger="series"
      title={t('audit.ledger.series.title')}
      content={
        <ul className="ledger-series">
          {report.series.map((f, i) => (
            <li key={i}>{t(`audit.ledger.series.${f.kind}`, { id: f.digest_id, other: f.other_id, hours: f.hours, events: f.events, since: f.since ? formatDatetime(f.since) : '' })}</li>
          ))}
        </ul>
      }
    />
  );
}

const LedgerPage = observer(function LedgerPage() {
  const root = useStore();
  const t = useT();
  const auth = useAuth();
  const [page] = useState<LedgerPageStore>(() => {
    const holder: { page?: LedgerPageStore } = {};
    holder.page = new LedgerPageStore(root, digestColumns(() => holder.page!, () => root.adminInfo.token, auth('verify'), auth('download')), runColumns);
    return holder.page;
  });
  useEffect(() => {
    if (auth('publicKey')) void page.loadPublicKey();
    return () => page.dispose();
  }, [page]);
  const token = root.adminInfo.token;
  const progress = page.progress;
  const percent = progress && progress.total ? Math.floor((progress.done / progress.total) * 100) : 0;
  const exportMenu = (what: 'digests' | 'runs') => (
    <Menu onClickMenuItem={(format) => download(ledgerExportUrl(what, format as 'csv' | 'xlsx', token, getLocale()))}>
      <Menu.Item key="csv">CSV</Menu.Item>
      <Menu.Item key="xlsx">XLSX</Menu.Item>
    </Menu>
  );
  return (
    <div className="crud-page ledger-page" data-ledger="page">
      <Card className="ledger-card" title={<span><IconSafe /> {t('audit.ledger.title')}</span>} bordered={false}>
        <Typography.Paragraph className="orders-sub">{t('audit.ledger.explain')}</Typography.Paragraph>
        <Space wrap size={8}>
          {auth('verify') && (
            <Button type="primary" icon={<IconCheckCircle />} loading={page.verifying} onClick={() => page.verify('latest')} data-ledger="verify">
              {t('audit.ledger.verify')}
            </Button>
          )}
          {auth('take') && (
            <Button loading={page.taking} onClick={() => void page.take()} data-ledger="take">
              {t('audit.ledger.take')}
            </Button>
          )}
          {auth('publicKey') && (
            <Button icon={<IconDownload />} onClick={() => download(publicKeyUrl(token, getLocale()))} data-ledger="public-key-download">
              {t('audit.ledger.publicKeyDownload')}
            </Button>
          )}
        </Space>
        {progress && page.verifying && (
          <div className="ledger-progress" data-ledger="progress">
            <Progress percent={percent} />
            <span className="orders-sub">{t(progress.phase === 'chain' ? 'audit.ledger.progressChain' : 'audit.ledger.progressDigest', { done: progress.done, total: progress.total })}</span>
          </div>
        )}
        {page.report && <Answer report={page.report} />}
        {page.report && <SeriesWarnings report={page.report} />}
        {page.error && <Alert type="warning" showIcon content={page.error.startsWith('audit.') ? t(page.error) : page.error} data-ledger="error" />}
        {page.publicKey && (
          <Collapse bordered={false} className="ledger-key">
            <Collapse.Item name="key" header={t('audit.ledger.publicKey')}>
              <Typography.Paragraph copyable={{ text: page.publicKey }}>
                <pre className="ledger-pem" data-ledger="public-key">{page.publicKey}</pre>
              </Typography.Paragraph>
            </Collapse.Item>
          </Collapse>
        )}
      </Card>
      <h3 className="ledger-heading">{t('audit.ledger.digests')}</h3>
      <CrudTable
        store={page.digests}
        toolbar={['refresh', 'quickSearch', 'columns']}
        toolbarExtra={
          auth('export') ? (
            <Dropdown droplist={exportMenu('digests')} position="br">
              <Button icon={<IconDownload />} data-ledger="export-digests">{t('audit.ledger.export')}</Button>
            </Dropdown>
          ) : null
        }
        rowButtons={[]}
        selectable={false}
      />
      {auth('runs') && (
        <>
          <h3 className="ledger-heading">{t('audit.ledger.runs')}</h3>
          <CrudTable
            store={page.runs}
            toolbar={['refresh', 'quickSearch', 'columns']}
            toolbarExtra={
              auth('export') ? (
                <Dropdown droplist={exportMenu('runs')} position="br">
                  <Button icon={<IconDownload />} data-ledger="export-runs">{t('audit.ledger.export')}</Button>
                </Dropdown>
              ) : null
            }
            rowButtons={[]}
            selectable={false}
          />
        </>
      )}
    </div>
  );
});

export default LedgerPage;
