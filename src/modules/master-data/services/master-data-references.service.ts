import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { Catalogue } from '../domain/catalogue';

/** What still refers to one of the rows about to be deleted (or moved). */
export interface ReferenceHit {
  /** The referenced row (one of the ids asked about). */
  id: number;
  /**
   * An i18n key naming what refers to it, in the plural, from the registering context's language file
   * (`inventory.references.stock` → "stock records" / "库存记录"). It completes the message
   * `Warehouse "Main (WH1)" is still used by {by} and cannot be deleted`.
   */
  by: string;
}

/**
 * Answers the first of `ids` that something still refers to, or null. Runs inside the delete's transaction
 * (`manager`), so what it reads cannot change before the delete commits. One statement is plenty:
 * `SELECT product_id FROM stock WHERE product_id IN (...) AND quantity <> 0 LIMIT 1`.
 */
export type ReferenceChecker = (ids: readonly number[], manager: EntityManager) => Promise<ReferenceHit | null>;

/**
 * Lets the contexts that refer to master data (orders, inventory) veto the deletion of what they use without
 * master-data importing them: each registers its checkers at start-up (`onModuleInit`), and every delete of
 * that catalogue asks all of them in its own transaction. Shelves consult their checkers before changing area
 * too (stock on a shelf pins its location).
 *
 *   constructor(private readonly references: MasterDataReferences) {}
 *   onModuleInit() {
 *     this.references.register('product', async (ids, manager) => { ... return { id, by: 'orders.references.inbound_lines' }; });
 *   }
 */
/**
 * Keeps what another context copied of a row's location in step with it when the row moves (a shelf to
 * another area or warehouse), in the move's transaction (`manager`).
 */
export type MoveFollower = (id: number, location: { warehouse_id: number; warehouse_area_id: number }, manager: EntityManager) => Promise<void>;

@Injectable()
export class MasterDataReferences {
  private readonly checkers = new Map<Catalogue, ReferenceChecker[]>();
  private readonly followers = new Map<Catalogue, MoveFollower[]>();

  /** Adds a follower of moves; the returned function removes it again. */
  followMoves(catalogue: Catalogue, follower: MoveFollower): () => void {
    this.followers.set(catalogue, [...(this.followers.get(catalogue) ?? []), follower]);
    return () => this.followers.set(catalogue, (this.followers.get(catalogue) ?? []).filter((f) => f !== follower));
  }

  /** Tells every follower that row `id` now lies at `location` (called by the move, before it commits). */
  async moved(catalogue: Catalogue, id: number, location: { warehouse_id: number; warehouse_area_id: number }, manager: EntityManager): Promise<void> {
    for (const follower of this.followers.get(catalogue) ?? []) await follower(id, location, manager);
  }

  /** Adds a checker; the returned function removes it again. */
  register(catalogue: Catalogue, checker: ReferenceChecker): () => void {
    this.checkers.set(catalogue, [...(this.checkers.get(catalogue) ?? []), checker]);
    return () => this.checkers.set(catalogue, (this.checkers.get(catalogue) ?? []).filter((c) => c !== checker));
  }

  /** The first reference any registered checker reports, asking them in registration order. */
  async firstReference(catalogue: Catalogue, ids: readonly number[], manager: EntityManager): Promise<ReferenceHit | null> {
    if (!ids.length) return null;
    for (const checker of this.checkers.get(catalogue) ?? []) {
      const hit = await checker(ids, manager);
      if (hit) return hit;
    }
    return null;
  }
}
