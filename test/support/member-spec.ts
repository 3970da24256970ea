import { createTestApp, TestApp } from '../setup/create-test-app';
import { createMember, MemberSession, memberLogin, NewMember } from './member';

/** What each test of a member spec starts from. */
export interface MemberFixture {
  t: TestApp;
  /** The member's id and signed-in session. */
  memberId: number;
  member: MemberSession;
}

export interface MemberSpecOptions {
  /** The member created before each test (its password `MEMBER_PASSWORD` unless given). */
  member: NewMember;
  /** Receives the fixture before each test (assign it to the spec's own variables). */
  ready: (fixture: MemberFixture) => void;
}

/**
 * The setup of an API spec that works as a member of the public site: the app once; before each test a reset
 * database, the member `member` created and signed in; the app closed at the end. A spec's own `beforeEach`
 * written after the call runs after this set-up.
 */
export function memberSpec(options: MemberSpecOptions): void {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  beforeEach(async () => {
    await t.reset();
    const memberId = await createMember(t, options.member);
    const member = await memberLogin(t, options.member.username, options.member.password);
    options.ready({ t, memberId, member });
  });
  afterAll(() => t.close());
}
