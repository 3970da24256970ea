/**
 * Suppliers (/admin/wms/supplier): the partner fields shared with the other partner pages (../carrier/partner.ts);
 * add / edit / delete (soft: orders keep pointing at the supplier), drag sort by weigh.
 */
import { useState } from 'react';
import { CrudPage, CrudTableStore } from '@/components/crud';
import { TransferButtons } from '@/components/transfer';
import { useStore } from '@/stores/context';
import { partnerColumns, partnerFields, partnerQuickSearch } from '../carrier/partner';

export const SUPPLIER_API = '/admin/wms.Supplier';

export default function SupplierPage() {
  const root = useStore();
  const [store] = useState(
    () =>
      new CrudTableStore(root, {
        api: SUPPLIER_API,
        columns: partnerColumns('wms.supplier'),
        fields: partnerFields('wms.supplier'),
        quickSearchFields: partnerQuickSearch('wms.supplier'),
      }),
  );
  return <CrudPage store={store} entity="wms.supplier.supplier" toolbarExtra={<TransferButtons table={store} entity="wms.supplier.supplier" importable />} />;
}
