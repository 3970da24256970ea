import { createTestApp, TestApp } from '../setup/create-test-app';

/** What a public spec works with: the app, and no one signed in. */
export interface PublicFixture {
  t: TestApp;
}

export interface PublicSpecOptions {
  /**
   * `each` (the default): the database reset (emptied and seeded with the baseline) before every test;
   * `once`: before the first test only; `never`: the migrated database as it is (a spec that reads the schema
   * or the routes, or resets itself where it needs to).
   */
  reset?: 'each' | 'once' | 'never';
  /** Receives the fixture once the app is up (assign it to the spec's own variables). */
  ready: (fixture: PublicFixture) => void;
}

/**
 * The setup of an API spec that signs in by itself or not at all (sign-in, sign-up, captcha, the envelope, the
 * public site, migrations): the app once, the database reset as `reset` says, the app closed at the end. A
 * spec's own `beforeAll` / `beforeEach` written after the call run after this set-up; one written before the
 * call runs before the app starts (an environment variable the app reads at start-up).
 */
export function publicSpec(options: PublicSpecOptions): void {
  let t: TestApp;
  const reset = options.reset ?? 'each';
  beforeAll(async () => {
    t = await createTestApp();
    if (reset === 'once') await t.reset();
    options.ready({ t });
  });
  if (reset === 'each') beforeEach(() => t.reset());
  afterAll(() => t.close());
}
