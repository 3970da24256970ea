import { EntityManager } from 'typeorm';

export interface SeedOptions {
  /** Password for the seeded `admin`; random (and printed once) when absent. */
  adminPassword?: string;
  /** Also create the demo warehouse (SEED_DEMO). */
  demo: boolean;
  log: (line: string) => void;
}

/** A context's initial rows. `seed` runs only on an empty database, inside one transaction. */
export interface Seeder {
  readonly name: string;
  seed(manager: EntityManager, options: SeedOptions): Promise<void>;
  /**
   * Optional second step, after the seed transaction has committed: seed data that goes through the contexts'
   * own commands (each runs its own transaction, so it cannot run inside `seed`).
   */
  afterCommit?(options: SeedOptions): Promise<void>;
}
