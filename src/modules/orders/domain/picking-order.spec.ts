import { pickingOrder, ShelfPath } from './picking-order';

const shelf = (warehouse: string, area: string, serial: string, named = true): ShelfPath => ({
  warehouse_serial_no: named ? warehouse : '',
  warehouse_name: `Warehouse ${warehouse}`,
  area_serial_no: named ? area : '',
  area_name: `Area ${area}`,
  serial_no: serial,
});
const line = (id: number, shelfId: number, productNo: string) => ({ id, warehouse_shelf_id: shelfId, product: { product_no: productNo } });

describe('the walk through the warehouse', () => {
  const shelves = new Map([
    [1, shelf('W2', 'A', 'S1')],
    [2, shelf('W1', 'B', 'S10')],
    [3, shelf('W1', 'B', 'S2')],
    [4, shelf('W1', 'A', 'S9')],
  ]);

  it('given lines on shelves of two warehouses, when walked, then by warehouse, area, shelf code (numbers as numbers), then product; unknown shelves last', () => {
    const lines = [line(1, 1, 'A'), line(2, 2, 'B'), line(3, 3, 'Z'), line(4, 3, 'C'), line(5, 4, 'D'), line(6, 99, 'E'), line(7, 98, 'A')];
    expect(pickingOrder(lines, shelves).map((l) => l.id)).toEqual([5, 4, 3, 2, 1, 6, 7]);
  });

  it('given warehouses and areas without codes, when walked, then by their names; equal places keep their entry order', () => {
    const byName = new Map([
      [1, shelf('North', 'B', 'S1', false)],
      [2, shelf('East', 'A', 'S1', false)],
    ]);
    expect(pickingOrder([line(1, 1, 'P'), line(2, 2, 'P'), line(3, 2, 'P')], byName).map((l) => l.id)).toEqual([2, 3, 1]);
    expect(pickingOrder([], byName)).toEqual([]);
  });
});
