import type { ShelfSnapshot } from '../../../master-data';
import type { InboundOrder, OrderLineView, OutboundOrder, RelocationOrder } from '../../../../../contract/orders';
import { lotsOfLines } from '../../domain/order-lots';
import { pickingOrder } from '../../domain/picking-order';
import { DocumentContext, documentOf, money, orderDocument, PrintableOrder } from './order-documents';

const shelf = (id: number, warehouse: [number, string], area: string, serial: string): ShelfSnapshot => ({
  id,
  serial_no: serial,
  name: `Shelf ${serial}`,
  status: 1,
  kind: 0,
  warehouse_id: warehouse[0],
  warehouse_name: `Warehouse ${warehouse[1]}`,
  warehouse_serial_no: warehouse[1],
  warehouse_area_id: area.charCodeAt(0),
  area_name: `Area ${area}`,
  area_serial_no: area,
  location: `Warehouse ${warehouse[1]} / Area ${area} / Shelf ${serial}`,
  deleted: false,
});

const SHELVES = new Map([shelf(1, [1, 'W2'], 'A', 'S1'), shelf(2, [2, 'W1'], 'B', 'S10'), shelf(3, [2, 'W1'], 'B', 'S2'), shelf(4, [2, 'W1'], 'A', 'S9')].map((s) => [s.id, s]));

const context: DocumentContext = {
  t: (key, args) => (args ? `${key}${JSON.stringify(args)}` : key),
  time: (unix) => `T${unix}`,
  timeZone: 'Asia/Shanghai',
  site: 'Depot',
  printedBy: 'Ann',
  printedAt: 100,
  shelves: SHELVES,
};

const line = (id: number, shelfId: number, productNo: string, actual = 1, price = '1.00'): OrderLineView<'outbound'> => ({
  id,
  picked_quantity: 0,
  backorder_quantity: 0,
  warehouse_shelf_id: shelfId,
  product_id: id,
  detail_code: '',
  plan_quantity: actual,
  actual_quantity: actual,
  price,
  total_price: '0.00',
  product: { id, product_no: productNo, name: `Product ${productNo}`, spec: '', unit_name: 'pcs', price, lot_tracked: 0, effective_day: 0 },
});

const header = { id: 1, order_sn: '', admin_id: 1, audit_status: 0, audittime: null, audit_admin_id: 0, remark: '', createtime: null, updatetime: null, operator: '', auditor: '' };
const inbound = (fields: Partial<InboundOrder>, lines: Array<OrderLineView<'inbound'>>): PrintableOrder<'inbound'> => ({ ...header, receipt_no: '', supplier_id: 1, type: 10, warehouse_id: 0, ...fields, lines });
const outbound = (fields: Partial<OutboundOrder>, lines: Array<OrderLineView<'outbound'>>): PrintableOrder<'outbound'> => ({
  ...header,
  outbound_no: '',
  customer_id: 1,
  type: 10,
  shipment_status: 0,
  courier_number: '',
  carrier_id: 0,
  shipment_time: null,
  warehouse_id: 0,
  fulfilment_status: 0,
  wave_id: 0,
  backorder_of: 0,
  ...fields,
  lines,
});

describe('printed order documents', () => {
  it('walks the warehouse for picking: warehouse code, area code, shelf code with numbers as numbers, then product number', () => {
    const lines = [line(1, 1, 'A'), line(2, 2, 'B'), line(3, 3, 'Z'), line(4, 3, 'C'), line(5, 4, 'D'), line(6, 99, 'E')];
    expect(pickingOrder(lines, SHELVES).map((l) => l.id)).toEqual([5, 4, 3, 2, 1, 6]);
  });

  it('groups the picking list under a heading per warehouse and sums what to pick', () => {
    const doc = orderDocument('outbound', 'picking', outbound({ outbound_no: 'CK1' }, [line(1, 1, 'A', 2), line(2, 2, 'B', 3)]), context);
    expect(doc.rows.map((row) => (Array.isArray(row) ? row[0] : row.heading))).toEqual(['documents.warehouse_heading{"name":"Warehouse W1 (W1)"}', '1', 'documents.warehouse_heading{"name":"Warehouse W2 (W2)"}', '2']);
    expect(doc.totals).toEqual([
      ['documents.total.lines', '2'],
      ['documents.total.to_pick', '5'],
    ]);
    expect(doc.columns.at(-1)).toMatchObject({ checkbox: true });
  });

  it('sums amounts exactly in cents and groups thousands', () => {
    const doc = orderDocument('inbound', 'receipt', inbound({ receipt_no: 'RK1', audit_status: 1 }, [line(1, 1, 'A', 3, '0.10'), line(2, 1, 'B', 1000, '1234.56')]), context);
    expect(doc.totals.at(-1)).toEqual(['documents.total.amount', '1,234,560.30']);
    expect(doc.rows[1]).toEqual(['2', 'B', 'Product B', '', 'pcs', 'Warehouse W2 / Area A / Shelf S1 (S1)', '1,000', '1,000', '1,234.56', '1,234,560.00']);
    expect(money('0.1')).toBe('0.10');
    expect(money('-1234567.5')).toBe('-1,234,567.50');
  });

  it('refuses to print a document of another order type', () => {
    expect(() => orderDocument('inbound', 'picking', inbound({}, []), context)).toThrow('no picking document');
  });

  it('knows which documents each order type prints', () => {
    expect([documentOf('inbound', undefined), documentOf('inbound', 'receipt'), documentOf('inbound', 'delivery')]).toEqual(['receipt', 'receipt', null]);
    expect([documentOf('outbound', ''), documentOf('outbound', 'picking'), documentOf('outbound', 'delivery'), documentOf('outbound', ['delivery'])]).toEqual(['picking', 'picking', 'delivery', null]);
    expect([documentOf('relocation', undefined), documentOf('relocation', 'picking')]).toEqual(['relocation', null]);
  });

  it('prints a lot column on a relocation sheet only when a line has lots: the lot named, the lots moved with quantities, each with its expiry', () => {
    const product = { id: 7, product_no: 'M', name: 'Milk', spec: '', unit_name: 'pcs', price: '1.00', lot_tracked: 1, effective_day: 0 };
    const relocationLine = (id: number, extra: Partial<OrderLineView<'relocation'>>): OrderLineView<'relocation'> => ({
      id,
      product_id: 7,
      source_warehouse_shelf_id: 1,
      target_warehouse_shelf_id: 2,
      plan_quantity: 4,
      actual_quantity: 0,
      lot_no: '',
      allocations: [],
      product,
      ...extra,
    });
    const sheet = (lines: Array<OrderLineView<'relocation'>>) =>
      orderDocument('relocation', 'relocation', { ...header, relocation_no: 'YK1', customer_id: 0, status: 1, lines } as PrintableOrder<'relocation'> & RelocationOrder, {
        ...context,
        lots: new Map([
          ['7:A1', { production_date: '', expiry_date: '2031-01-02' }],
          ['7:B2', { production_date: '', expiry_date: '' }],
        ]),
      });
    const lines = [relocationLine(1, { lot_no: 'A1' }), relocationLine(2, { actual_quantity: 3, allocations: [{ lot_no: 'A1', quantity: 1 }, { lot_no: 'B2', quantity: 2 }] }), relocationLine(3, {})];
    const doc = sheet(lines);
    const lot = doc.columns.findIndex((c) => c.header === 'documents.column.lot');
    expect(lot).toBe(7);
    expect(doc.rows.map((row) => (row as string[])[lot])).toEqual(['A1\ndocuments.lot_expiry{"date":"2031-01-02"}', 'A1 ×1\ndocuments.lot_expiry{"date":"2031-01-02"}\nB2 ×2', '']);
    expect(lotsOfLines(lines)).toEqual([{ productId: 7, lotNo: 'A1' }, { productId: 7, lotNo: 'A1' }, { productId: 7, lotNo: 'B2' }]);
    // no lots: the sheet as before
    expect(sheet([relocationLine(1, {})]).columns.map((c) => c.header)).not.toContain('documents.column.lot');
  });
});
