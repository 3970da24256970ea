import { createTestApp, TestApp } from '../setup/create-test-app';
import { login, Session } from './api';
import { ledgerViolations, orderLedgerMismatches } from './ledger';
import { client, Client } from './warehouse';

/** What each test of an admin spec starts from. */
export interface AdminFixture<W> {
  t: TestApp;
  session: Session;
  c: Client;
  /** The spec's warehouse, built afresh before each test. */
  w: W;
}

/**
 * The setup of an API spec that works as the admin on a warehouse: the app once; before each test a reset
 * database, the admin signed in, a client and the warehouse `warehouse` builds; with `ledgerChecks`, after
 * each test the ledger is intact and agrees with the orders; the app closed at the end. `ready` receives
 * the fixture of each test (assign it to the spec's own variables).
 */
export function adminSpec<W>(options: { warehouse: (c: Client) => Promise<W>; ledgerChecks?: boolean; ready: (fixture: AdminFixture<W>) => void }): void {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  beforeEach(async () => {
    await t.reset();
    const session = await login(t);
    const c = client(t, session);
    options.ready({ t, session, c, w: await options.warehouse(c) });
  });
  if (options.ledgerChecks) {
    afterEach(async () => {
      expect(await ledgerViolations(t)).toEqual([]);
      expect(await orderLedgerMismatches(t)).toEqual([]);
    });
  }
  afterAll(() => t.close());
}
