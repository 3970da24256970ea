/**
 * The print buttons of an order's detail (with the type's `print` rule): the PDF opens in a new tab, in the
 * language of the page — an inbound receipt, a relocation sheet, or for an outbound order its picking list
 * (sorted by warehouse, area and shelf) and its delivery note.
 */
import { observer } from 'mobx-react-lite';
import { Button } from '@arco-design/web-react';
import { IconPrinter } from '@arco-design/web-react/icon';
import { useAuth } from '@/hooks/useAuth';
import { getLocale, useT } from '@/lang';
import { useStore } from '@/stores/context';
import { directUrl } from '@/api/request';
import { openInNewTab } from '@/features/documents/newTab';
import { ORDER_API } from '@/api/orders';
import type { OrderKind } from './states';

/** The documents of each order type: `doc` of the request and the button's language key. */
export const ORDER_DOCUMENTS: Record<OrderKind, Array<{ doc: string; label: string }>> = {
  inbound: [{ doc: 'receipt', label: 'orders.print.receipt' }],
  outbound: [
    { doc: 'picking', label: 'orders.print.picking' },
    { doc: 'delivery', label: 'orders.print.delivery' },
  ],
  relocation: [{ doc: 'relocation', label: 'orders.print.relocation' }],
  return: [{ doc: 'return', label: 'orders.print.return' }],
  adjustment: [{ doc: 'adjustment', label: 'orders.print.adjustment' }],
};

export function printUrl(kind: OrderKind, id: number, doc: string, token: string, lang: string): string {
  return directUrl(`${ORDER_API[kind]}/print`, { id, format: 'pdf', doc }, token, lang);
}

export const PrintButtons = observer(function PrintButtons({ kind, id }: { kind: OrderKind; id: number }) {
  const t = useT();
  const auth = useAuth();
  const root = useStore();
  if (!auth('print')) return null;
  return (
    <>
      {ORDER_DOCUMENTS[kind].map(({ doc, label }) => (
        <Button key={doc} icon={<IconPrinter />} onClick={() => openInNewTab(printUrl(kind, id, doc, root.adminInfo.token, getLocale()))} data-orders={`print-${doc}`}>
          {t(label)}
        </Button>
      ))}
    </>
  );
});

export default PrintButtons;
