/**
 * Frozen copy (see README.md) of the default recycle and sensitive-data rules and of `insertDefaultRules` as
 * the safety-tools migrations shipped them. The seed of a fresh database uses
 * `src/modules/security/domain/default-rules.ts`; this copy never changes with it.
 */

export interface RecycleRuleSeed {
  name: string;
  /** The back-office controller whose deletes the rule is about (shown, not matched). */
  controller: string;
  data_table: string;
}

export interface SensitiveRuleSeed extends RecycleRuleSeed {
  /** Watched column → label (an i18n key of the web app or plain text). */
  data_fields: Record<string, string>;
}

/** Every master-data table, orders (only unaudited ones can be deleted), admins and members. */
export const DEFAULT_RECYCLE_RULES: RecycleRuleSeed[] = [
  { name: '品牌 Brands', controller: 'wms/brand', data_table: 'brand' },
  { name: '承运商 Carriers', controller: 'wms/carrier', data_table: 'carrier' },
  { name: '客户 Customers', controller: 'wms/customer', data_table: 'customer' },
  { name: '供应商 Suppliers', controller: 'wms/supplier', data_table: 'supplier' },
  { name: '分类 Categories', controller: 'wms/category', data_table: 'category' },
  { name: '单位 Units', controller: 'wms/unit', data_table: 'unit' },
  { name: '仓库 Warehouses', controller: 'wms/warehouse', data_table: 'warehouse' },
  { name: '库区 Warehouse areas', controller: 'wms/warehouseArea', data_table: 'warehouse_area' },
  { name: '货架 Shelves', controller: 'wms/shelf', data_table: 'warehouse_shelf' },
  { name: '产品 Products', controller: 'wms/product', data_table: 'product' },
  { name: '入库单 Inbound orders', controller: 'wms/inbound', data_table: 'inbound_order' },
  { name: '出库单 Outbound orders', controller: 'wms/outbound', data_table: 'outbound_order' },
  { name: '移库单 Relocation orders', controller: 'wms/relocation', data_table: 'relocation_order' },
  { name: '调整单 Adjustments', controller: 'wms/adjustment', data_table: 'adjustment_order' },
  { name: '管理员 Admins', controller: 'auth/admin', data_table: 'admin' },
  { name: '会员 Members', controller: 'user/user', data_table: 'user' },
];

export const DEFAULT_SENSITIVE_RULES: SensitiveRuleSeed[] = [
  { name: '产品价格与安全库存 Product price and safety stock', controller: 'wms/product', data_table: 'product', data_fields: { price: '价格 Price', safety_stock_num: '安全库存 Safety stock' } },
  { name: '仓库状态 Warehouse status', controller: 'wms/warehouse', data_table: 'warehouse', data_fields: { status: '状态 Status' } },
  { name: '货架状态 Shelf status', controller: 'wms/shelf', data_table: 'warehouse_shelf', data_fields: { status: '状态 Status' } },
  { name: '管理员分组与密码 Admin groups and password', controller: 'auth/admin', data_table: 'admin', data_fields: { group_ids: '所属分组 Groups', password: '密码 Password' } },
];

/** The default rules, when there are none yet (the seed, and the migration for databases seeded before the safety tools). */
export async function insertDefaultRules(queryRunner: { query(sql: string, parameters?: unknown[]): Promise<any> }): Promise<void> {
  const now = Math.floor(Date.now() / 1000);
  if (!Number((await queryRunner.query('SELECT COUNT(*) AS n FROM security_data_recycle'))[0].n)) {
    for (const rule of DEFAULT_RECYCLE_RULES) {
      await queryRunner.query("INSERT INTO security_data_recycle (name, controller, data_table, primary_key, status, createtime, updatetime) VALUES (?, ?, ?, 'id', 1, ?, ?)", [
        rule.name,
        rule.controller,
        rule.data_table,
        now,
        now,
      ]);
    }
  }
  if (!Number((await queryRunner.query('SELECT COUNT(*) AS n FROM security_sensitive_data'))[0].n)) {
    for (const rule of DEFAULT_SENSITIVE_RULES) {
      await queryRunner.query(
        "INSERT INTO security_sensitive_data (name, controller, data_table, primary_key, data_fields, status, createtime, updatetime) VALUES (?, ?, ?, 'id', ?, 1, ?, ?)",
        [rule.name, rule.controller, rule.data_table, JSON.stringify(rule.data_fields), now, now],
      );
    }
  }
}
