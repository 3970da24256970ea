/**
 * The count sheet of one count, usable with a scanner or the keyboard alone: scan or type a product (or shelf)
 * code in the scan field and that line becomes current and counts one (a scan of the current line adds 1),
 * the keyboard staying in the scan field; Tab goes to the current line's quantity, where a quantity and
 * Enter save it and the keyboard returns to the scan field (without a scan field: to the next line not
 * counted yet). Lines follow the shelf path (warehouse, area, shelf code). The progress
 * of counted lines shows above them; "Review and post" opens the gains and losses with their value.
 */
import { useEffect } from 'react';
import { observer } from 'mobx-react-lite';
import { Alert, Button, Drawer, Empty, Input, Modal, Popconfirm, Progress, Space, Spin, Tag } from '@arco-design/web-react';
import { ListTable } from '@/components/crud';
import { IconCheckCircle, IconClose, IconPlayArrow, IconPrinter, IconRefresh } from '@arco-design/web-react/icon';
import type { StocktakeSummary } from '@contract/stocktake';
import { MoneyCell, NumberCell, SignedCell } from '@/features/orders/cells';
import { SCAN_NODE } from '@/features/orders/scan';
import ScanField from '@/features/orders/ScanField';
import { useAuth } from '@/hooks/useAuth';
import { useGuardedClose } from '@/hooks/useGuardedClose';
import { getLocale, useT } from '@/lang';
import { useStore } from '@/stores/context';
import { stocktakePrintUrl } from '@/api/orders';
import { openInNewTab } from '@/features/documents/newTab';
import { SerialCapture } from '@/features/serials/SerialCapture';
import { CountSheetStore, isSerialLine, parseCount, reviewOf, sheetActions, type SheetLine } from './sheet';
import { StatusTag } from './status';

export const CountLine = observer(function CountLine({ sheet, line, index }: { sheet: CountSheetStore; line: SheetLine; index: number }) {
  const t = useT();
  const text = sheet.typed(line.id);
  const bad = text !== '' && parseCount(text) === null;
  const counted = line.counted_quantity !== null;
  const pending = sheet.drafts.has(line.id) && !bad;
  // a serial-tracked line is counted by scanning its serials: its count is how many, not typed
  const serial = isSerialLine(line);
  return (
    <div className={`stocktake-line${counted ? ' is-counted' : ''}${sheet.focusId === line.id ? ' is-current' : ''}${serial ? ' has-serials' : ''}`} data-stocktake="line" data-line-id={line.id}>
      <div className="stocktake-line-index">{index + 1}</div>
      <div className="stocktake-line-place">
        <b>{line.shelf?.name ?? '-'}</b>
        <span className="orders-sub"> {[line.shelf?.area_name, line.shelf?.serial_no].filter(Boolean).join(' · ')}</span>
      </div>
      <div className="stocktake-line-product">
        <div>
          {line.product?.name ?? `#${line.product_id}`}
          {line.found ? (
            <Tag size="small" color="purple" className="stocktake-found">
              {t('wms.stocktake.found')}
            </Tag>
          ) : null}
        </div>
        <div className="orders-sub">{[line.product?.product_no, line.product?.spec, line.lot_no ? `${t('wms.stocktake.lot')} ${line.lot_no}` : ''].filter(Boolean).join(' · ')}</div>
      </div>
      {!sheet.blind && (
        <div className="stocktake-line-book" title={t('wms.stocktake.book')}>
          <span className="stocktake-label">{t('wms.stocktake.book')}</span>
          <NumberCell value={line.book_quantity} />
        </div>
      )}
      <div className="stocktake-line-count">
        <Input
          value={text}
          inputMode="numeric"
          autoComplete="off"
          disabled={!sheet.counting}
          readOnly={serial}
          status={bad ? 'error' : undefined}
          placeholder={t('wms.stocktake.counted')}
          aria-label={t('wms.stocktake.countedOf', { name: line.product?.name ?? '' })}
          onChange={(v) => sheet.setDraft(line.id, v)}
          onFocus={(e) => {
            sheet.markFocus(line.id);
            e.target.select();
          }}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            event.preventDefault();
            event.stopPropagation();
            void sheet.enter(line.id);
          }}
          data-line-input={line.id}
          data-stocktake="count-input"
        />
        {sheet.counting && !serial && sheet.unitsOf(line.product_id).length ? (
          <div className="stocktake-line-units" data-stocktake="units">
            {sheet.unitsOf(line.product_id).map((unit) => (
              <Button key={unit.id} size="small" onClick={() => sheet.addUnit(line.id, unit)} data-stocktake="add-unit">
                {t('wms.stocktake.addUnit', { name: unit.name, factor: unit.factor })}
              </Button>
            ))}
          </div>
        ) : null}
        {bad && <div className="orders-field-msg is-error">{t('wms.stocktake.badCount')}</div>}
        {pending && <div className="orders-field-msg is-hint">{t('wms.stocktake.enterToSave')}</div>}
      </div>
      {!sheet.blind && (
        <div className="stocktake-line-variance" data-stocktake="variance">
          {typeof line.variance === 'number' ? <SignedCell value={line.variance} /> : <span className="orders-sub">-</span>}
        </div>
      )}
      {serial && (
        <div className="stocktake-line-serials" data-stocktake="serials" aria-label={t('wms.stocktake.serials')}>
          <SerialCapture serials={sheet.serialsOf(line.id)} quantity={null} disabled={!sheet.counting} onChange={(serials) => void sheet.setSerials(line.id, serials)} focusKey={line.id} />
        </div>
      )}
    </div>
  );
});

const Review = observer(function Review({ sheet, onPosted }: { sheet: CountSheetStore; onPosted: () => void }) {
  const t = useT();
  const summary: Partial<StocktakeSummary> = sheet.row?.summary ?? {};
  const { gains, losses } = reviewOf(sheet.lines);
  const columns = [
    { title: t('wms.stocktake.place'), render: (_: unknown, l: SheetLine) => `${l.shelf?.name ?? '-'}${l.lot_no ? ` · ${l.lot_no}` : ''}` },
    { title: t('wms.stocktake.product'), render: (_: unknown, l: SheetLine) => `${l.product?.name ?? ''} (${l.product?.product_no ?? ''})` },
    { title: t('wms.stocktake.expected'), align: 'right' as const, render: (_: unknown, l: SheetLine) => <NumberCell value={l.expected_quantity} /> },
    { title: t('wms.stocktake.counted'), align: 'right' as const, render: (_: unknown, l: SheetLine) => <NumberCell value={l.counted_quantity} /> },
    { title: t('wms.stocktake.variance'), align: 'right' as const, render: (_: unknown, l: SheetLine) => <SignedCell value={l.variance} /> },
    { title: t('wms.stocktake.value'), align: 'right' as const, render: (_: unknown, l: SheetLine) => <SignedCell value={l.variance_amount} money /> },
  ];
  const uncounted = sheet.progress.lines - sheet.progress.counted;
  return (
    <Modal
      visible={sheet.reviewing}
      title={t('wms.stocktake.reviewTitle', { number: sheet.row?.stocktake_no ?? '' })}
      className="stocktake-review"
      style={{ width: 'min(960px, 100vw)' }}
      onCancel={() => sheet.setReviewing(false)}
      footer={
        <Space>
          <Button onClick={() => sheet.setReviewing(false)}>{t('wms.stocktake.backToCounting')}</Button>
          <Button type="primary" status="warning" icon={<IconCheckCircle />} disabled={uncounted > 0} onClick={() => void sheet.transition('post').then((ok) => ok && onPosted())} data-stocktake="post-confirm">
            {t('wms.stocktake.post')}
          </Button>
        </Space>
      }
      data-stocktake="review"
    >
      {uncounted > 0 && <Alert type="error" showIcon content={t('wms.stocktake.uncounted', { count: uncounted })} style={{ marginBottom: 12 }} />}
      {sheet.blind ? (
        <Alert type="info" showIcon content={t('wms.stocktake.blindReview', { counted: sheet.progress.counted })} />
      ) : (
        <>
          <div className="stocktake-review-totals" data-stocktake="review-totals">
            <span className="stocktake-gain">
              {t('wms.stocktake.gains')} <b data-stocktake="gain-units">{t('wms.stocktake.totalUnits', { quantity: summary.gain_quantity ?? 0 })}</b> · <MoneyCell value={summary.gain_amount} />
            </span>
            <span className="stocktake-loss">
              {t('wms.stocktake.losses')} <b data-stocktake="loss-units">{t('wms.stocktake.totalUnits', { quantity: summary.loss_quantity ?? 0 })}</b> · <MoneyCell value={summary.loss_amount} />
            </span>
            <span>
              {t('wms.stocktake.net')} <SignedCell value={summary.net_amount} money />
            </span>
          </div>
          <p className="orders-sub">{t('wms.stocktake.movementsHonoured')}</p>
          <div className="orders-section-title">{t('wms.stocktake.gains')}</div>
          <ListTable<SheetLine> rowKey="id" size="small" pagination={false} columns={columns} data={gains} scroll={{ x: 640 }} noDataElement={<Empty description={t('wms.stocktake.none')} />} data-stocktake="gains" />
          <div className="orders-section-title">{t('wms.stocktake.losses')}</div>
          <ListTable<SheetLine> rowKey="id" size="small" pagination={false} columns={columns} data={losses} scroll={{ x: 640 }} noDataElement={<Empty description={t('wms.stocktake.none')} />} data-stocktake="losses" />
        </>
      )}
    </Modal>
  );
});

export const CountSheet = observer(function CountSheet({ sheet, onChanged }: { sheet: CountSheetStore; onChanged: () => void }) {
  const t = useT();
  const auth = useAuth();
  const root = useStore();
  const canScan = Object.values(root.navTabs.authNode).some((nodes) => nodes.includes(`/admin/${SCAN_NODE}`));
  const row = sheet.row;
  const actions = sheetActions(sheet.status);

  const scanHere = sheet.counting && canScan && auth('count');
  // not observed: the store reads it when Enter or a scan decides where the keyboard goes
  sheet.scanField = scanHere;

  // the keyboard follows the sheet: after Enter, a scan or opening the sheet it goes to the scan field when
  // the sheet has one (the next code is a scan, never typed into a quantity), else to the current line
  useEffect(() => {
    if (sheet.focusId === null && !scanHere) return;
    const line = sheet.focusId === null ? null : document.querySelector<HTMLInputElement>(`[data-line-input="${sheet.focusId}"]`);
    line?.scrollIntoView({ block: 'nearest' });
    // a serial-tracked line made current by a scan of its product: the next scans are its serials
    const serialInput = sheet.serialsFocus !== null && sheet.serialsFocus === sheet.focusId ? document.querySelector<HTMLInputElement>(`[data-serials-for="${sheet.serialsFocus}"] input`) : null;
    const scanInput = scanHere ? document.querySelector<HTMLInputElement>('[data-stocktake=sheet] [data-orders=scan] input') : null;
    const target = serialInput ?? scanInput ?? line;
    if (target && document.activeElement !== target) {
      target.focus();
      target.select();
    }
  }, [sheet.focusSeq, scanHere]);

  // Tab in the scan field: to the current line's quantity
  useEffect(() => {
    if (sheet.focusLine === null) return;
    const input = document.querySelector<HTMLInputElement>(`[data-line-input="${sheet.focusLine}"]`);
    if (input) {
      input.focus();
      input.select();
    }
  }, [sheet.focusLine, sheet.focusLineSeq]);

  // quantities typed and not saved (no Enter yet): closing asks first
  const requestClose = useGuardedClose(() => sheet.drafts.size > 0, () => sheet.close());

  const run = async (action: 'start' | 'post' | 'cancel') => {
    if (await sheet.transition(action)) onChanged();
  };
  const progress = sheet.progress;
  return (
    <Drawer
      className="orders-drawer stocktake-drawer"
      width={typeof window !== 'undefined' ? Math.min(1100, window.innerWidth) : 1100}
      visible={sheet.open}
      title={
        <span className="orders-detail-title">
          {t('wms.stocktake.sheetTitle', { number: row?.stocktake_no ?? '' })} {row && <StatusTag status={sheet.status} />}
        </span>
      }
      footer={null}
      unmountOnExit
      onCancel={requestClose}
      data-stocktake="sheet"
    >
      <Spin loading={sheet.loading} block>
        {sheet.error && <Alert type="error" showIcon content={sheet.error} />}
        {row && (
          <div className="stocktake-sheet">
            <div className="stocktake-head">
              <div className="stocktake-scope">
                <span>{[row.warehouse?.name, row.area?.name, row.shelf?.name].filter(Boolean).join(' / ')}</span>
                {row.category?.name && <Tag size="small">{row.category.name}</Tag>}
                {Number(row.blind) === 1 && (
                  <Tag size="small" color="gray" data-stocktake="blind">
                    {t('wms.stocktake.blind')}
                  </Tag>
                )}
              </div>
              <Space wrap>
                <Button icon={<IconRefresh />} onClick={() => void sheet.reload()} aria-label={t('wms.stocktake.reload')} />
                {auth('print') && (
                  <Button icon={<IconPrinter />} onClick={() => openInNewTab(stocktakePrintUrl(row.id, root.adminInfo.token, getLocale()))} data-stocktake="print">
                    {t('wms.stocktake.print')}
                  </Button>
                )}
                {actions.includes('start') && auth('start') && (
                  <Button type="primary" icon={<IconPlayArrow />} onClick={() => void run('start')} data-stocktake="start">
                    {t('wms.stocktake.start')}
                  </Button>
                )}
                {actions.includes('post') && auth('post') && (
                  <Button type="primary" icon={<IconCheckCircle />} onClick={() => sheet.setReviewing(true)} data-stocktake="review-open">
                    {t('wms.stocktake.reviewAndPost')}
                  </Button>
                )}
                {actions.includes('cancel') && auth('cancel') && (
                  <Popconfirm title={t('wms.stocktake.confirmCancel')} onOk={() => run('cancel')}>
                    <Button status="warning" icon={<IconClose />} data-stocktake="cancel">
                      {t('wms.stocktake.cancel')}
                    </Button>
                  </Popconfirm>
                )}
              </Space>
            </div>
            {sheet.lines.length > 0 && (
              <div className="stocktake-progress" data-stocktake="progress">
                <span>{t('wms.stocktake.progress', { counted: progress.counted, lines: progress.lines })}</span>
                <Progress percent={progress.percent} size="small" status={progress.counted === progress.lines ? 'success' : 'normal'} />
              </div>
            )}
            {scanHere && <ScanField form={sheet} placeholder="wms.stocktake.scanPlaceholder" shelfChip="wms.stocktake.scanShelf" />}
            {sheet.status === 0 && <Alert type="info" showIcon content={t('wms.stocktake.draftHint')} />}
            {sheet.lines.length === 0 && sheet.status !== 0 ? (
              <Empty description={t('wms.stocktake.noLines')} />
            ) : (
              <div className="stocktake-lines" data-stocktake="lines">
                {sheet.lines.map((line, i) => (
                  <CountLine key={line.id} sheet={sheet} line={line} index={i} />
                ))}
              </div>
            )}
            {sheet.saving > 0 && <div className="orders-sub">{t('wms.stocktake.saving')}</div>}
          </div>
        )}
      </Spin>
      <Review sheet={sheet} onPosted={onChanged} />
    </Drawer>
  );
});

export default CountSheet;
