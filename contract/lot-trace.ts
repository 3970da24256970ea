/** The recall list of one lot (`GET wms.Lot/trace?product_id&lot_no`), as the server answers it and the page shows it. */

/** A shelf holding some of the lot now. */
export interface LotShelf {
  warehouse_shelf_id: number;
  warehouse_id: number;
  warehouse_name: string;
  area_name: string;
  shelf_name: string;
  shelf_serial_no: string;
  /** `SHELF_KIND`. */
  kind: number;
  quantity: number;
  reserved_quantity: number;
  available_quantity: number;
}

export interface LotTrace {
  product: { id: number; name: string; product_no: string; spec: string; unit_name: string };
  lot: { lot_no: string; production_date: string; expiry_date: string; received_at: number; blocked: number; block_reason: string };
  /** Where it came from: each inbound order that received it. */
  receipts: Array<{ order_id: number; order_no: string; form_type: number; supplier_id: number; supplier_name: string; time: number; quantity: number }>;
  /** Where it went: each outbound order that shipped it, and how much of that came back. */
  shipments: Array<{ order_id: number; order_no: string; form_type: number; customer_id: number; customer_name: string; time: number; quantity: number; returned: number }>;
  /** Each customer return that brought some back. */
  returns: Array<{ order_id: number; order_no: string; outbound_id: number; customer_id: number; customer_name: string; time: number; quantity: number }>;
  /** Everything else the ledger recorded of it, net per order and form type (counts, adjustments; moves net out). */
  other: Array<{ order_type: string; order_id: number; order_no: string; form_type: number; time: number; quantity: number }>;
  /** Where it is now. */
  on_hand: LotShelf[];
  /** received − shipped + returned + other = on_hand = ledger (the sum of every event of the lot). */
  totals: { received: number; shipped: number; returned: number; other: number; on_hand: number; ledger: number };
}
