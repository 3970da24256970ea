import * as password from '../../src/modules/accounts/domain/password';
import { TEST_ADMIN_PASSWORD, TestApp } from '../setup/create-test-app';
import { http } from './api';
import { createMember, MEMBER_PASSWORD } from './member';

/**
 * Sign-in attempts as the specs of lockouts and budgets make them, admin and member alike, from an address:
 * the app trusts X-Forwarded-For from loopback (a reverse proxy on the same host), as the tests connect.
 */
export type SignInAttempt = (username: string, pass: string, ip: string, lang?: string) => ReturnType<ReturnType<typeof http>['post']>;

export const adminAttempt = (t: TestApp): SignInAttempt => (username, pass, ip, lang = 'en') =>
  http(t).post('/admin/index/login').set('think-lang', lang).set('X-Forwarded-For', ip).send({ username, password: pass });

export const memberAttempt = (t: TestApp): SignInAttempt => (username, pass, ip, lang = 'en') =>
  http(t).post('/api/user/checkIn').set('think-lang', lang).set('X-Forwarded-For', ip).send({ tab: 'login', username, password: pass });

/** The account each kind signs in to: the seeded admin, or a member made for the test. */
export const signInAccounts = {
  admin: async (_t: TestApp) => ({ name: 'admin', right: TEST_ADMIN_PASSWORD }),
  member: async (t: TestApp) => {
    await createMember(t, { username: 'alice', email: 'alice@example.com' });
    return { name: 'alice', right: MEMBER_PASSWORD };
  },
};

/** Watches the password KDF: how many passwords were checked, and against which hashes. */
export function watchPasswordChecks(): jest.SpyInstance {
  return jest.spyOn(password, 'verifyPassword');
}
