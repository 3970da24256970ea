/**
 * Carriers (/admin/wms/carrier): the partner fields shared with the other partner pages (./partner.ts);
 * add / edit / delete (soft: orders keep pointing at the carrier), drag sort by weigh.
 */
import { useState } from 'react';
import { CrudPage, CrudTableStore } from '@/components/crud';
import { TransferButtons } from '@/components/transfer';
import { useStore } from '@/stores/context';
import { partnerColumns, partnerFields, partnerQuickSearch } from './partner';

export const CARRIER_API = '/admin/wms.Carrier';

export default function CarrierPage() {
  const root = useStore();
  const [store] = useState(
    () =>
      new CrudTableStore(root, {
        api: CARRIER_API,
        columns: partnerColumns('wms.carrier'),
        fields: partnerFields('wms.carrier'),
        quickSearchFields: partnerQuickSearch('wms.carrier'),
      }),
  );
  return <CrudPage store={store} entity="wms.carrier.carrier" toolbarExtra={<TransferButtons table={store} entity="wms.carrier.carrier" importable />} />;
}
