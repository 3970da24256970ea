import { createTestApp, TestApp } from '../setup/create-test-app';
import { login, Session } from './api';
import { ledgerViolations, orderLedgerMismatches } from './ledger';
import { client, Client } from './warehouse';

/** What each test of an admin spec starts from. */
export interface AdminFixture<W> {
  t: TestApp;
  session: Session;
  c: Client;
  /** The spec's warehouse, built afresh before each test (undefined without `warehouse`). */
  w: W;
}

export interface AdminSpecOptions<W> {
  /** Builds the spec's warehouse through the API once the admin is signed in (`smallWarehouse`, or the spec's own). */
  warehouse?: (c: Client) => Promise<W>;
  /** After each test: the ledger is intact and agrees with the orders. */
  ledgerChecks?: boolean;
  /**
   * `each` (the default): a reset database, a fresh sign-in and warehouse before every test. `once`: all of
   * that once, before the first test, for a spec whose tests build on one another or share an expensive set-up.
   */
  reset?: 'each' | 'once';
  /** Receives the fixture (assign it to the spec's own variables): before each test, or once with `reset: 'once'`. */
  ready: (fixture: AdminFixture<W>) => void;
}

/**
 * The setup of an API spec that works as the admin (on a warehouse when it names one): the app once; a reset
 * database, the admin signed in, a client and the warehouse `warehouse` builds (before each test, or once);
 * with `ledgerChecks`, after each test the ledger is intact and agrees with the orders; the app closed at the end.
 * A spec's own `beforeAll` / `beforeEach` written after the call run after this set-up.
 */
export function adminSpec<W = undefined>(options: AdminSpecOptions<W>): void {
  let t: TestApp;
  const prepare = async () => {
    await t.reset();
    const session = await login(t);
    const c = client(t, session);
    options.ready({ t, session, c, w: (options.warehouse ? await options.warehouse(c) : undefined) as W });
  };
  beforeAll(async () => {
    t = await createTestApp();
    if (options.reset === 'once') await prepare();
  });
  if (options.reset !== 'once') beforeEach(prepare);
  if (options.ledgerChecks) {
    afterEach(async () => {
      expect(await ledgerViolations(t)).toEqual([]);
      expect(await orderLedgerMismatches(t)).toEqual([]);
    });
  }
  afterAll(() => t.close());
}
