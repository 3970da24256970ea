/**
 * Pack station (/admin/wms/package): a picked order's cartons on a phone or a bench with a keyboard-wedge
 * scanner — choose or scan the order, open a carton, scan products into it, close it with its weight, print
 * its SSCC label.
 */
import { PackStation } from '@/features/directed/PackStation';

export default function PackagePage() {
  return <PackStation />;
}
