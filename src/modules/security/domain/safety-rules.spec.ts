import { given } from '../../../shared/testing/given-when-then';
import { assertMayRestore, assertMayRollBack, assertUnchangedSince, LoggedChange } from './safety-rules';

const admin = { isSuper: false };
const superAdmin = { isSuper: true };
const change = (over: Partial<LoggedChange> = {}): LoggedChange => ({ data_table: 'product', data_field: 'price', data_comment: 'Price', after: '12.50', is_rollback: 0, changed_only: 0, ...over });

describe('restoring a deleted row', () => {
  it('given a product in the recycle bin, when an admin restores it, then it may', () => {
    given({ data_table: 'product', is_restore: 0 })
      .when((entry) => assertMayRestore(entry, admin))
      .then((result) => expect(result).toBeUndefined());
  });

  it('given a restored entry, when it is restored again, then it is refused', () => {
    given({ data_table: 'product', is_restore: 1 }).when((entry) => assertMayRestore(entry, superAdmin)).thenRefused('security.already_restored');
  });

  it('given a deleted admin, group or rule, when an admin who is not super restores it, then only a super admin may', () => {
    for (const table of ['admin', 'admin_group', 'admin_rule']) {
      given({ data_table: table, is_restore: 0 }).when((entry) => assertMayRestore(entry, admin)).thenRefused('security.super_admin_only');
      given({ data_table: table, is_restore: 0 })
        .when((entry) => assertMayRestore(entry, superAdmin))
        .then((result) => expect(result).toBeUndefined());
    }
  });
});

describe('rolling back a sensitive change', () => {
  it('given a logged price change, when an admin rolls it back while the price is still the logged one, then it may', () => {
    given(change())
      .when((c) => {
        assertMayRollBack(c, admin);
        assertUnchangedSince(c, '12.50');
      })
      .then((result) => expect(result).toBeUndefined());
  });

  it('given a change rolled back already, when it is rolled back again, then it is refused', () => {
    given(change({ is_rollback: 1 })).when((c) => assertMayRollBack(c, superAdmin)).thenRefused('security.already_rolled_back');
  });

  it('given a secret logged as changed only, when it is rolled back, then it is refused by its label (its field without one)', () => {
    given(change({ data_field: 'password', data_comment: 'Password', after: null, changed_only: 1 }))
      .when((c) => assertMayRollBack(c, superAdmin))
      .thenRefused('security.secret_not_restorable', { field: 'Password' });
    given(change({ data_field: 'password', data_comment: '', changed_only: 1 }))
      .when((c) => assertMayRollBack(c, superAdmin))
      .thenRefused('security.secret_not_restorable', { field: 'password' });
  });

  it("given a change of a member's money or score, when it is rolled back, then it is refused: they change only through their logs", () => {
    for (const field of ['money', 'score']) {
      given(change({ data_table: 'user', data_field: field })).when((c) => assertMayRollBack(c, superAdmin)).thenRefused('security.field_not_editable', { field });
    }
    given(change({ data_table: 'user', data_field: 'nickname' }))
      .when((c) => assertMayRollBack(c, admin))
      .then((result) => expect(result).toBeUndefined());
  });

  it("given a change of an admin's groups, when an admin who is not super rolls it back, then only a super admin may", () => {
    given(change({ data_table: 'admin', data_field: 'group_ids' })).when((c) => assertMayRollBack(c, admin)).thenRefused('security.super_admin_only');
  });

  it('given a field changed again since, when it is rolled back, then it is refused, saying what the value is now (NULL for none)', () => {
    given(change()).when((c) => assertUnchangedSince(c, '13.00')).thenRefused('security.value_changed_since', { field: 'Price', value: '13.00' });
    given(change()).when((c) => assertUnchangedSince(c, null)).thenRefused('security.value_changed_since', { field: 'Price', value: 'NULL' });
    given(change({ after: null }))
      .when((c) => assertUnchangedSince(c, null))
      .then((result) => expect(result).toBeUndefined());
  });
});
