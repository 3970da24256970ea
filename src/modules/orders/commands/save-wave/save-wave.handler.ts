import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { EntityManager } from 'typeorm';
import { forUpdate } from '../../../../shared/database/sql-dialect';
import { TransactionRunner } from '../../../../shared/database/transaction-runner';
import { unixNow } from '../../../../shared/http/envelope';
import { siteDayOf } from '../../../../shared/time/site-day';
import { MASTER_DATA_TABLES } from '../../../master-data';
import { SiteConfigService } from '../../../platform';
import type { WaveView } from '../../../../../contract/directed';
import { AUDIT_STATUS, FULFILMENT_STATUS, WAVE_STATUS } from '../../../../../contract/enums';
import { OrderRuleError } from '../../domain/order-errors';
import { assertWaveDraft } from '../../domain/task';
import { OrderNumbers } from '../../persistence/order-numbers';
import { WaveRepository } from '../../persistence/wave.repository';
import { SaveWaveCommand } from './save-wave.command';

/**
 * A draft wave: its warehouse and its orders — each unaudited, of that warehouse, not in another open wave,
 * at most reserved (not further on). The orders are locked (in id order) before they are checked.
 */
@CommandHandler(SaveWaveCommand)
export class SaveWaveHandler implements ICommandHandler<SaveWaveCommand> {
  constructor(
    private readonly transactions: TransactionRunner,
    private readonly waves: WaveRepository,
    private readonly numbers: OrderNumbers,
    private readonly siteConfig: SiteConfigService,
  ) {}

  async execute({ input, admin, id }: SaveWaveCommand): Promise<WaveView> {
    const savedId = await this.transactions.run(async (manager) => {
      if (id !== undefined) assertWaveDraft((await this.waves.lock(manager, id)).wave);
      const [warehouse] = await manager.query(`SELECT id FROM ${MASTER_DATA_TABLES.warehouse} WHERE id = ? AND deletetime IS NULL`, [input.warehouse_id]);
      if (!warehouse) throw new OrderRuleError('unknown_warehouse');
      const ids = [...new Set(input.outbound_ids)].sort((a, b) => a - b);
      if (!ids.length) throw new OrderRuleError('wave_needs_orders');
      await this.checkOrders(manager, ids, input.warehouse_id, id ?? 0);
      const now = unixNow();
      let waveId = id;
      if (waveId === undefined) {
        const number = await this.numbers.next(manager, 'BC', siteDayOf(await this.siteConfig.timeZone(manager))(now));
        await manager.query('INSERT INTO wave (wave_no, warehouse_id, status, remark, admin_id, createtime, updatetime) VALUES (?, ?, ?, ?, ?, ?, ?)', [number, input.warehouse_id, WAVE_STATUS.draft, input.remark ?? '', admin.id, now, now]);
        waveId = Number((await manager.query('SELECT id FROM wave WHERE wave_no = ?', [number]))[0].id);
      } else {
        await manager.query('UPDATE wave SET warehouse_id = ?, remark = ?, updatetime = ? WHERE id = ?', [input.warehouse_id, input.remark ?? '', now, waveId]);
        await manager.query('UPDATE outbound_order SET wave_id = 0 WHERE wave_id = ?', [waveId]);
      }
      await manager.query(`UPDATE outbound_order SET wave_id = ? WHERE id IN (${ids.map(() => '?').join(', ')})`, [waveId, ...ids]);
      return waveId;
    });
    return this.waves.present(this.transactions.manager, savedId);
  }

  private async checkOrders(manager: EntityManager, ids: number[], warehouseId: number, waveId: number): Promise<void> {
    const rows: Array<Record<string, unknown>> = await manager.query(
      `SELECT id, outbound_no, audit_status, warehouse_id, wave_id, fulfilment_status FROM outbound_order WHERE id IN (${ids.map(() => '?').join(', ')}) ORDER BY id${forUpdate(manager)}`,
      ids,
    );
    for (const id of ids) {
      const order = rows.find((r) => Number(r.id) === id);
      if (!order) throw new OrderRuleError('wave_unknown_order', { id });
      const number = String(order.outbound_no);
      if (Number(order.audit_status) !== AUDIT_STATUS.unaudited) throw new OrderRuleError('wave_order_audited', { order: number });
      if (Number(order.warehouse_id) !== warehouseId) throw new OrderRuleError('wave_order_other_warehouse', { order: number });
      if (Number(order.wave_id) && Number(order.wave_id) !== waveId) throw new OrderRuleError('wave_order_in_other_wave', { order: number });
      if (Number(order.fulfilment_status) > FULFILMENT_STATUS.reserved) throw new OrderRuleError('wave_order_in_other_wave', { order: number });
    }
  }
}
