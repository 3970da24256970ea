/**
 * The lots of a relocation's move dialog, one card per lot line (a lot-tracked product, or a lot named):
 * the lots on its source shelf with expiry and quantity available, in the order first-expiry-first-out
 * takes them; which lot(s) the quantity typed will take (the lot named, or the server's allocation previewed
 * from that stock: never an expired lot unless named); what the line moved so far, and after a move what
 * that move took. Cards stack, so the panel reads on a phone as on a desk.
 */
import './i18n';
import '@/features/lots/i18n';
import { observer } from 'mobx-react-lite';
import { Alert, Spin, Tag } from '@arco-design/web-react';
import { useT } from '@/lang';
import { AllocationsCell, ExpiryCell } from '@/features/lots/LotCells';
import { fefoOrder, isExpired, isLotLine, previewTake } from '@/features/lots/lots';
import type { RelocationLineView } from './orderViews';
import type { OrderPageStore } from './pageStore';
import { moveProgress } from './states';

export const MoveLots = observer(function MoveLots({ page, lines, quantities }: { page: OrderPageStore; lines: RelocationLineView[]; quantities: Record<number, number | undefined> }) {
  const t = useT();
  const lotLines = lines.map((line, index) => ({ line, index })).filter(({ line }) => isLotLine(line));
  if (!lotLines.length) return null;
  const movedNow = page.movedNow;
  return (
    <div className="move-lots" data-orders="move-lots">
      {movedNow && (
        <Alert
          type="success"
          showIcon
          className="move-lots-done"
          data-orders="move-lots-done"
          content={
            <div>
              <div>{t('lots.move.movedNow')}</div>
              {lotLines
                .filter(({ line }) => movedNow[Number(line.id)])
                .map(({ line, index }) => (
                  <div key={line.id} className="move-lots-done-line" data-line={index + 1}>
                    <span className="orders-sub">{t('lots.move.line', { n: index + 1 })}</span>
                    {movedNow[Number(line.id)].length ? <AllocationsCell line={{ allocations: movedNow[Number(line.id)] }} pending="lots.move.nothingNow" /> : <span className="lots-muted">{t('lots.move.nothingNow')}</span>}
                  </div>
                ))}
            </div>
          }
        />
      )}
      <div className="orders-section-title">{t('lots.move.title')}</div>
      <Spin loading={page.moveLotsLoading} block>
        <div className="move-lots-cards">
          {lotLines.map(({ line, index }) => (
            <LineLots key={line.id} page={page} line={line} index={index} quantity={quantities[Number(line.id)]} />
          ))}
        </div>
      </Spin>
    </div>
  );
});

const LineLots = observer(function LineLots({ page, line, index, quantity }: { page: OrderPageStore; line: RelocationLineView; index: number; quantity: number | undefined }) {
  const t = useT();
  const shelf = page.moveLots[Number(line.id)];
  const named = String(line.lot_no ?? '');
  const preview = shelf ? previewTake(shelf.lots, quantity ?? 0, shelf.today, named) : null;
  const taking = new Map((preview?.allocations ?? []).map((a) => [a.lot_no, a.quantity]));
  const lots = shelf ? fefoOrder(shelf.lots) : [];
  const namedMissing = !!shelf && !!named && !shelf.lots.some((l) => l.lot_no === named && l.quantity > 0);
  return (
    <div className="move-lots-card" data-orders="move-lots-line" data-line={index + 1}>
      <div className="move-lots-head">
        <b>{t('lots.move.line', { n: index + 1 })}</b>
        <span className="move-lots-product">
          {line.product?.name ?? `#${line.product_id}`} <span className="orders-sub">{line.product?.product_no}</span>
        </span>
        <span className="orders-sub move-lots-route">
          {line.source_shelf?.location ?? line.source_warehouse_shelf_id} → {line.target_shelf?.location ?? line.target_warehouse_shelf_id}
        </span>
        {named ? (
          <Tag size="small" color="arcoblue" data-orders="move-lots-named">
            {t('lots.move.named', { lot: named })}
          </Tag>
        ) : (
          <Tag size="small" data-orders="move-lots-fefo">
            {t('lots.move.fefo')}
          </Tag>
        )}
      </div>
      {shelf === null ? (
        <div className="lots-muted">{t('lots.move.unavailable')}</div>
      ) : shelf === undefined ? null : lots.length === 0 ? (
        <div className="lots-muted" data-orders="move-lots-none">
          {t('lots.move.none')}
        </div>
      ) : (
        <div className="move-lots-list" role="table">
          <div className="move-lots-row is-head" role="row">
            <span role="columnheader">{t('lots.lotNo')}</span>
            <span role="columnheader">{t('lots.expiry')}</span>
            <span role="columnheader" className="is-num">
              {t('lots.move.available')}
            </span>
            <span role="columnheader" className="is-num">
              {t('lots.move.takes')}
            </span>
          </div>
          {lots.map((lot) => {
            const takes = taking.get(lot.lot_no);
            const expired = isExpired(lot.expiry_date, shelf.today);
            return (
              <div key={lot.lot_no || '-'} role="row" className={`move-lots-row${takes ? ' is-taken' : ''}${expired ? ' is-expired' : ''}`} data-lot={lot.lot_no} data-takes={takes ?? 0}>
                <span role="cell" className="orders-num">
                  {lot.lot_no || t('lots.noLot')}
                </span>
                <span role="cell">
                  <ExpiryCell expiry={lot.expiry_date} daysLeft={lot.days_left} warningDays={shelf.warningDays} />
                </span>
                <span role="cell" className="is-num orders-num">
                  {lot.quantity.toLocaleString('en-US')}
                </span>
                <span role="cell" className="is-num orders-num move-lots-takes">
                  {takes ? `×${takes.toLocaleString('en-US')}` : '-'}
                </span>
              </div>
            );
          })}
        </div>
      )}
      {shelf && !(quantity && quantity > 0) && !namedMissing && moveProgress(line).remaining > 0 && <div className="lots-muted move-lots-hint">{t('lots.move.enterQuantity')}</div>}
      {namedMissing ? (
        <div className="move-lots-warn" data-orders="move-lots-warn">
          {t('lots.move.namedMissing', { lot: named })}
        </div>
      ) : preview && preview.short > 0 ? (
        <div className="move-lots-warn" data-orders="move-lots-warn">
          {t('lots.move.short', { missing: preview.short })}
        </div>
      ) : null}
      <div className="move-lots-so-far">
        <span className="orders-sub">{t('lots.move.movedSoFar')}</span>
        <AllocationsCell line={line} pending="lots.notMoved" />
      </div>
    </div>
  );
});

export default MoveLots;
