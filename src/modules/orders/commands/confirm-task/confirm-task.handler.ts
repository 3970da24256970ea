import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { AppError } from '../../../../shared/http/app-error';
import { TransitionRunner } from '../../../../shared/transitions';
import { ScannedProduct, ScanReader } from '../../../master-data';
import { TransactionRunner } from '../../../../shared/database/transaction-runner';
import { eventUnitOf } from '../../domain/line-units';
import { LineUnits } from '../line-units';
import { TaskRepository } from '../../persistence/task.repository';
import { TASK_TYPE } from '../../../../../contract/enums';
import { normalizeSerials } from '../../../../../contract/serials';
import { StockTasks } from '../stock-tasks';
import { WavePicking } from '../wave-picking';
import { ConfirmTaskCommand } from './confirm-task.command';

/**
 * Confirm (the task engine's one confirm): the scanned codes are resolved first (master data, outside the
 * transaction), then the task is locked and the rules decide on it; a repeat with the same
 * `Idempotency-Key` answers the task as it is and posts nothing. Two pickers confirming one task at once
 * take turns on its lock: the second finds nothing left.
 */
@CommandHandler(ConfirmTaskCommand)
export class ConfirmTaskHandler implements ICommandHandler<ConfirmTaskCommand> {
  constructor(
    private readonly transitions: TransitionRunner,
    private readonly tasks: TaskRepository,
    private readonly picking: WavePicking,
    private readonly stockTasks: StockTasks,
    private readonly scans: ScanReader,
    private readonly units: LineUnits,
    private readonly transactions: TransactionRunner,
  ) {}

  async execute({ id, input, context }: ConfirmTaskCommand) {
    // shelf codes are unique within a warehouse, not across warehouses (each may have its own "A-01-01"):
    // a scanned shelf is looked for in the task's warehouse
    const { warehouseId, waveId } = await this.tasks.placeOf(id);
    const shelfOf = async (code: string) => {
      const found = await this.scans.execute(code, warehouseId || undefined).catch((error: unknown) => {
        if (error instanceof AppError) return null;
        throw error;
      });
      return found?.kind === 'shelf' ? Number(found.row.id) : null;
    };
    const fromShelfId = await shelfOf(input.from_code);
    const toShelfId = input.to_code ? await shelfOf(input.to_code) : undefined;
    const product = await this.scans.execute(input.product_code).catch((error: unknown) => {
      if (error instanceof AppError) return null;
      throw error;
    });
    const productId = product?.kind === 'product' ? Number(product.row.id) : null;
    const lotNo = input.lot_no || (product?.kind === 'product' ? product.lot_no : undefined);
    const { quantity, unit } = await this.entered(input, product?.kind === 'product' ? product : null);
    // serials as the ledger keeps them (trimmed, upper-case): a pick writes them onto its order lines as well;
    // a list that is not one serial per unit is left to the ledger, which refuses it naming the product
    const normalized = input.serials?.length ? normalizeSerials(input.serials) : null;
    const serials = normalized && 'serials' in normalized ? normalized.serials : input.serials;
    const scanned = { fromShelfId, productId, toShelfId, lotNo, quantity, short: !!input.short, ...(unit ? { unit } : {}), ...(serials?.length ? { serials } : {}) };
    // one confirm for every kind: a pick serves order lines (waves); a putaway or replenishment moves stock shelf to shelf
    return this.transitions.run(
      this.tasks.document,
      id,
      'confirmed',
      context,
      (open) => (open.state.type === TASK_TYPE.pick ? this.picking.confirm(open, scanned) : this.stockTasks.confirm(open, { ...scanned, force: !!input.force, reason: input.reason ?? '' })),
      { before: waveId },
    );
  }

  /**
   * The quantity confirmed, in base units (§14): `unit_quantity` of the unit named (`unit_id`, 0 the product's
   * own), or of the unit scanned when none is named; else `quantity`, counted in the unit scanned (a case's
   * bar code counts its factor). The unit is kept by the events when it is not the product's own.
   */
  private async entered(input: ConfirmTaskCommand['input'], scanned: ScannedProduct | null): Promise<{ quantity: number; unit?: { name: string; factor: number } }> {
    const scannedUnit = scanned?.unit && scanned.unit.id > 0 ? scanned.unit : null;
    const productId = scanned ? Number(scanned.row.id) : 0;
    if (input.unit_quantity !== undefined && input.unit_quantity !== null) {
      const unitId = input.unit_id ?? scannedUnit?.id ?? 0;
      const [entered] = await this.units.enter(this.transactions.manager, [{ unit_id: unitId, unit_quantity: input.unit_quantity }], () => productId);
      return { quantity: entered!.quantity, ...eventUnitOf(entered!.unit) };
    }
    const quantity = Number(input.quantity ?? Number.NaN);
    if (!scannedUnit || !Number.isInteger(quantity)) return { quantity };
    return { quantity: quantity * scannedUnit.factor, unit: { name: scannedUnit.name, factor: scannedUnit.factor } };
  }
}
