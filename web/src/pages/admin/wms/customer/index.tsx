/**
 * Customers (/admin/wms/customer): the partner fields shared with the other partner pages (../carrier/partner.ts);
 * add / edit / delete (soft: orders keep pointing at the customer), drag sort by weigh.
 */
import { useState } from 'react';
import { CrudPage, CrudTableStore } from '@/components/crud';
import { TransferButtons } from '@/components/transfer';
import { useStore } from '@/stores/context';
import { partnerColumns, partnerFields, partnerQuickSearch } from '../carrier/partner';

export const CUSTOMER_API = '/admin/wms.Customer';

export default function CustomerPage() {
  const root = useStore();
  const [store] = useState(
    () =>
      new CrudTableStore(root, {
        api: CUSTOMER_API,
        columns: partnerColumns('wms.customer'),
        fields: partnerFields('wms.customer'),
        quickSearchFields: partnerQuickSearch('wms.customer'),
      }),
  );
  return <CrudPage store={store} entity="wms.customer.customer" toolbarExtra={<TransferButtons table={store} entity="wms.customer.customer" importable />} />;
}
