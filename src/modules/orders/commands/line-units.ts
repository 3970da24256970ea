import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { MasterDataReader } from '../../master-data';
import { enterUnit, entersUnit, LineUnitFields, UnitEntry } from '../domain/line-units';

/** A quantity entered in a unit, converted: the base quantity and the unit as the line keeps it. */
export interface EnteredQuantity {
  quantity: number;
  unit: LineUnitFields;
}

/**
 * The boundary between units and base quantities for every command that takes lines (orders, counts, moves,
 * task confirms): the units named are read in one statement and each entry that names a `unit_quantity` is
 * converted by the domain's rule (`enterUnit`); the rest of the command, the domain and the ledger see base
 * quantities only.
 */
@Injectable()
export class LineUnits {
  constructor(private readonly catalogue: MasterDataReader) {}

  /** Per entry, in order: its base quantity and unit, or null when it names no `unit_quantity` (a base quantity). */
  async enter(manager: EntityManager, entries: ReadonlyArray<UnitEntry>, productOf: (entry: UnitEntry, index: number) => number = (entry) => Number(entry.product_id ?? 0)): Promise<Array<EnteredQuantity | null>> {
    if (!entries.some(entersUnit)) return entries.map(() => null);
    const units = await this.catalogue.units(manager, entries.filter(entersUnit).map((e) => Number(e.unit_id ?? 0)).filter((id) => id > 0));
    return entries.map((entry, index) => (entersUnit(entry) ? enterUnit(entry, units.get(Number(entry.unit_id ?? 0)), productOf(entry, index), index + 1) : null));
  }
}
