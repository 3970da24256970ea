/** Where a shelf lies, as the walk through the warehouse orders it (codes, else names). */
export interface ShelfPath {
  warehouse_serial_no: string;
  warehouse_name: string;
  area_serial_no: string;
  area_name: string;
  serial_no: string;
}

/**
 * The walk through the warehouse: by warehouse, area and shelf code (numbers inside codes compare as numbers:
 * S2 before S10), then product number; lines on unknown shelves last, in entry order. Picking lists and count
 * sheets follow it.
 */
export function pickingOrder<L extends { warehouse_shelf_id: number; product?: { product_no?: string } | null }>(lines: readonly L[], shelves: ReadonlyMap<number, ShelfPath>): L[] {
  const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });
  const key = (line: L) => {
    const shelf = shelves.get(line.warehouse_shelf_id);
    return shelf ? [shelf.warehouse_serial_no || shelf.warehouse_name, shelf.area_serial_no || shelf.area_name, shelf.serial_no, line.product?.product_no ?? ''] : null;
  };
  return lines
    .map((line, index) => ({ line, index, key: key(line) }))
    .sort((a, b) => {
      if (!a.key || !b.key) return a.key ? -1 : b.key ? 1 : a.index - b.index;
      for (let i = 0; i < a.key.length; i++) {
        const order = collator.compare(a.key[i], b.key[i]);
        if (order) return order;
      }
      return a.index - b.index;
    })
    .map((entry) => entry.line);
}
