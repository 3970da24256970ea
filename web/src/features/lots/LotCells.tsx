/**
 * Cells of lots and expiry: a lot's expiry with its days left coloured (expired red, within the warning days
 * orange, later green), and the lots a line took or put.
 */
import './i18n';
import './lots.css';
import { useT } from '@/lang';
import { allocationsOf, expiryLevel, type LotFacts } from './lots';

/**
 * The expiry date and the days left (as the server counts them in the site time zone). A date without a count
 * (the stock list as of a past day sends none) is shown alone, never beside "no expiry".
 */
export function ExpiryCell({ expiry, daysLeft, warningDays }: { expiry: unknown; daysLeft: unknown; warningDays: number }) {
  const t = useT();
  const date = typeof expiry === 'string' ? expiry : '';
  const days = typeof daysLeft === 'number' ? daysLeft : null;
  const level = expiryLevel(days, warningDays);
  const label = days === null ? (date ? '' : t('lots.noExpiry')) : days < 0 ? t('lots.expired') : days === 0 ? t('lots.expiresToday') : t('lots.inDays', { days });
  return (
    <span className="lots-expiry" data-lots="expiry" data-level={level}>
      {date && <span className="orders-num">{date}</span>}
      {label && (
        <span className={`lots-days is-${level}`} data-lots="days-left">
          {label}
        </span>
      )}
    </span>
  );
}

/** A lot number, or a muted "(no lot)" for lot ''. */
export function LotText({ lot }: { lot: unknown }) {
  const t = useT();
  const text = typeof lot === 'string' ? lot : '';
  return text ? <span className="orders-num">{text}</span> : <span className="lots-muted">{t('lots.noLot')}</span>;
}

/** The lots a line took or put: "L1 ×3  L2 ×1"; before the stock moved, what will happen then. */
export function AllocationsCell({ line, pending }: { line: LotFacts; pending: string }) {
  const t = useT();
  const list = allocationsOf(line);
  if (!list.length) {
    return <span className="lots-muted">{line.lot_no ? `${line.lot_no}` : t(pending)}</span>;
  }
  return (
    <span className="lots-allocations" data-lots="allocations">
      {list.map((a) => (
        <span key={a.lot_no || '-'} className="lots-allocation" data-lot={a.lot_no}>
          {a.lot_no || t('lots.noLot')}
          <b>×{a.quantity.toLocaleString('en-US')}</b>
        </span>
      ))}
    </span>
  );
}
