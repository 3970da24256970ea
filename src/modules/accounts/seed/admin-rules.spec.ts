import * as ArcoIcons from '@arco-design/web-react/icon';
import { ADMIN_MENUS, BUTTON_TITLES, MenuSeed } from './admin-rules';

const flatten = (menus: MenuSeed[]): MenuSeed[] => menus.flatMap((menu) => [menu, ...flatten(menu.children ?? [])]);

describe('seeded back-office menus', () => {
  it('name only icons the front end can draw (the Arco icon set)', () => {
    const missing = flatten(ADMIN_MENUS)
      .filter((menu) => menu.icon && !(ArcoIcons as Record<string, unknown>)[menu.icon])
      .map((menu) => `${menu.name}: ${menu.icon}`);
    expect(missing).toEqual([]);
  });

  it('give the site settings their test-mail button, titled in both languages', () => {
    const config = flatten(ADMIN_MENUS).find((menu) => menu.name === 'routine/config');
    expect(config?.buttons).toEqual(['index', 'edit', 'add', 'del', 'sendTestMail']);
    expect(BUTTON_TITLES.sendTestMail).toEqual(['发送测试邮件', 'Send test mail']);
  });
});
