import { TestApp } from '../setup/create-test-app';
import { as, Session } from '../support/api';
import { createMember } from '../support/member';
import { adminSpec } from '../support/admin-spec';

/**
 * Many deductions at once against one balance: the row lock serialises them, so exactly as many succeed as the
 * balance covers, the balance never goes negative, and the log rows chain (each `before` = previous `after`).
 */
describe('member balance under concurrent changes', () => {
  let t: TestApp;
  let admin: Session;
  adminSpec({ ready: (fixture) => ({ t, session: admin } = fixture) });

  async function chain(table: 'user_money_log' | 'user_score_log', column: 'money' | 'score', memberId: number) {
    const rows: Array<Record<string, unknown>> = await t.dataSource.query(`SELECT ${column} AS delta, \`before\` AS b, \`after\` AS a FROM ${table} WHERE user_id = ? ORDER BY id`, [memberId]);
    return rows.map((r) => ({ change: Number(r.delta), before: Number(r.b), after: Number(r.a) }));
  }

  it('20 parallel deductions of 1.00 against 12.00: exactly 12 succeed, never negative, an unbroken chain', async () => {
    const id = await createMember(t, { username: 'payer' });
    expect((await as(t, admin).post('/admin/user.MoneyLog/add', { user_id: id, money: '12.00', memo: 'top-up' })).body.code).toBe(1);

    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => as(t, admin).post('/admin/user.MoneyLog/add', { user_id: id, money: '-1.00', memo: `purchase ${i}` })));
    const codes = answers.map((a) => a.body.code);
    expect(codes.filter((c) => c === 1)).toHaveLength(12);
    expect(codes.filter((c) => c === 0)).toHaveLength(8);
    for (const refused of answers.filter((a) => a.body.code === 0)) expect(refused.body.msg).toBe('Insufficient balance: the member has 0.00 left');

    const rows = await chain('user_money_log', 'money', id);
    expect(rows).toHaveLength(13);
    let expected = 0;
    for (const row of rows) {
      expect(row.before).toBe(expected);
      expect(row.after).toBe(row.before + row.change);
      expect(row.after).toBeGreaterThanOrEqual(0);
      expected = row.after;
    }
    expect(expected).toBe(0);
    const [member] = await t.dataSource.query('SELECT money FROM `user` WHERE id = ?', [id]);
    expect(Number(member.money)).toBe(0);
  });

  it('parallel score changes of two members do not disturb each other', async () => {
    const a = await createMember(t, { username: 'scorer_a', score: 0 });
    const b = await createMember(t, { username: 'scorer_b', score: 0 });
    const requests = Array.from({ length: 20 }, (_, i) => as(t, admin).post('/admin/user.ScoreLog/add', { user_id: i % 2 ? a : b, score: i + 1, memo: `bonus ${i}` }));
    expect((await Promise.all(requests)).every((r) => r.body.code === 1)).toBe(true);
    for (const id of [a, b]) {
      const rows = await chain('user_score_log', 'score', id);
      expect(rows).toHaveLength(10);
      rows.reduce((previous, row) => {
        expect(row.before).toBe(previous);
        return row.after;
      }, 0);
    }
    const totals = await t.dataSource.query('SELECT id, score FROM `user` WHERE id IN (?, ?) ORDER BY id', [a, b]);
    expect(totals.map((r: { score: unknown }) => Number(r.score))).toEqual([110, 100]);
  });
});
