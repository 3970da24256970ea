import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { StockLedger } from '../../inventory';
import { KnownMasterData, MasterDataReader } from '../../master-data';
import { assertNamedLotsOnShelves, LotProduct, namedLotsOf } from '../domain/order-lots';

/** A line that takes stock from a shelf (outbound, relocation source), as the lot rules see it. */
export interface TakingLine {
  /** 1-based place in its order, for the messages. */
  position: number;
  product_id: number;
  lot_no?: string;
  shelfId: number;
}

/**
 * The lot rules of lines that take stock, shared by outbound audit, relocation audit and relocation move,
 * run on the order as locked by its transition: each named lot is allowed on its product as the product is
 * now (still lot-tracked), and is on the shelf it is taken from. Nothing is read from stock when no line
 * names a lot (first-expiry-first-out needs no check before the ledger allocates).
 */
@Injectable()
export class NamedLots {
  constructor(
    private readonly catalogue: MasterDataReader,
    private readonly ledger: StockLedger,
  ) {}

  /**
   * Answers each line's named lot ('' for none). `lock`: every (product, shelf) the caller's ledger posting
   * will lock (sources and targets): all of them are locked now, in the ledger's canonical order — never a
   * part, or the ledger's own lock would then take rows out of that order — so what this check read still
   * holds when the ledger moves the stock. Without it (an audit that moves nothing) the streams are read
   * without locking. `known`: the products (required) and shelves the transition read already.
   */
  async check(manager: EntityManager, lines: readonly TakingLine[], known: KnownMasterData & { products: ReadonlyMap<number, LotProduct> }, lock?: ReadonlyArray<{ productId: number; shelfId: number }>): Promise<string[]> {
    const { products } = known;
    const named = namedLotsOf(lines.map((line) => ({ line, position: line.position })), products);
    const taken = lines.map((line, i) => ({ position: line.position, productId: line.product_id, shelfId: line.shelfId, lotNo: named[i] })).filter((line) => line.lotNo);
    if (!taken.length) return named;
    const pairs = [...taken.map(({ productId, shelfId }) => ({ productId, shelfId })), ...(lock ?? [])];
    const streams = await this.ledger.streams(manager, pairs, lock !== undefined);
    const shelves = taken.every((line) => known.shelves?.has(line.shelfId)) ? known.shelves! : await this.catalogue.shelves(manager, taken.map((line) => line.shelfId));
    assertNamedLotsOnShelves(taken, streams, products, (id) => shelves.get(id)?.location ?? `#${id}`);
    return named;
  }
}
