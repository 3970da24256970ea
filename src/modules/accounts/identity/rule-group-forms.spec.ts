import { createValidationPipe } from '../../../shared/http/validation';
import { AppError } from '../../../shared/http/app-error';
import { GroupDto, RuleDto } from '../http/dto/group-rule.dto';
import { MemberGroupDto, MemberRuleDto } from '../member/http/dto/member-admin.dto';

/** What the app's pipe makes of a body for a form: the checked instance, or the refusal's message key and field. */
async function check(form: new () => object, body: unknown): Promise<Record<string, unknown> | { refused: string; field: unknown }> {
  try {
    return { ...((await createValidationPipe(form).transform(body, { type: 'body', metatype: Object })) as Record<string, unknown>) };
  } catch (e) {
    if (e instanceof AppError) return { refused: e.messageKey, field: e.args.field };
    throw e;
  }
}

const rule = { pid: '0', type: 'menu', title: ' Orders ', name: ' wms/orders ' };

describe('the rule forms of the two identities', () => {
  it('keeps an admin rule as typed, with keepalive and without no_login_valid', async () => {
    expect(await check(RuleDto, { ...rule, keepalive: '1', no_login_valid: 1 })).toEqual({ pid: 0, type: 'menu', title: ' Orders ', name: ' wms/orders ', keepalive: 1 });
  });

  it('trims a member rule, with no_login_valid and without keepalive', async () => {
    expect(await check(MemberRuleDto, { ...rule, no_login_valid: '1', keepalive: 1 })).toEqual({ pid: 0, type: 'menu', title: 'Orders', name: 'wms/orders', no_login_valid: 1 });
  });

  it('takes the member-only rule types from members only', async () => {
    for (const type of ['route', 'nav', 'nav_user_menu']) {
      expect(await check(MemberRuleDto, { ...rule, type })).toMatchObject({ type });
      expect(await check(RuleDto, { ...rule, type })).toEqual({ refused: 'validation.in', field: '@fields.type' });
    }
  });

  it('reads numbers between spaces for members only', async () => {
    expect(await check(MemberRuleDto, { ...rule, pid: ' 3 ' })).toMatchObject({ pid: 3 });
    expect(await check(RuleDto, { ...rule, pid: ' 3 ' })).toEqual({ refused: 'validation.min', field: '@fields.pid' });
  });

  it('answers the first failing field in the order of the form: the flag after component, before extend', async () => {
    const bad = { ...rule, component: 7, keepalive: 5, no_login_valid: 5, extend: 'x' };
    expect(await check(RuleDto, bad)).toEqual({ refused: 'validation.max_length', field: '@fields.component' });
    expect(await check(RuleDto, { ...bad, component: 'c' })).toEqual({ refused: 'validation.in', field: '@fields.keepalive' });
    expect(await check(MemberRuleDto, { ...bad, component: 'c' })).toEqual({ refused: 'validation.in', field: '@fields.no_login_valid' });
  });
});

describe('the group forms of the two identities', () => {
  it('requires a parent for admin groups (a tree) and ignores one for member groups (a list)', async () => {
    expect(await check(GroupDto, { name: 'Pickers', rules: '1,2' })).toEqual({ refused: 'validation.required', field: '@fields.pid' });
    expect(await check(GroupDto, { pid: '0', name: 'Pickers', rules: '1,2' })).toEqual({ pid: 0, name: 'Pickers', rules: [1, 2] });
    expect(await check(MemberGroupDto, { pid: 4, name: ' Gold ', rules: ['1', ' 2'] })).toEqual({ name: 'Gold', rules: [1, 2] });
  });

  it('bounds the name at 100 for admins and 50 for members, and checks the parent before the name', async () => {
    const long = 'n'.repeat(51);
    expect(await check(GroupDto, { pid: 0, name: long, rules: [] })).toMatchObject({ name: long });
    expect(await check(MemberGroupDto, { name: long, rules: [] })).toEqual({ refused: 'validation.length', field: '@fields.name' });
    expect(await check(GroupDto, { pid: -1, name: 'n'.repeat(101), rules: [] })).toEqual({ refused: 'validation.min', field: '@fields.pid' });
  });
});
