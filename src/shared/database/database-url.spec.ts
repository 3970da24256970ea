import { formatMysqlUrl, parseMysqlUrl } from './database-url';

describe('parseMysqlUrl', () => {
  it('reads one host, with the port 3306 by default', () => {
    expect(parseMysqlUrl('mysql://root@127.0.0.1/wms')).toEqual({ user: 'root', password: '', hosts: [{ host: '127.0.0.1', port: 3306 }], database: 'wms' });
  });

  it('reads the hosts of a cluster in order, and an encoded password', () => {
    expect(parseMysqlUrl('mysql://wms:p%40ss%3Aw%2Frd@db1:3307,db2,[::1]:3309/wms_prod')).toEqual({
      user: 'wms',
      password: 'p@ss:w/rd',
      hosts: [
        { host: 'db1', port: 3307 },
        { host: 'db2', port: 3306 },
        { host: '::1', port: 3309 },
      ],
      database: 'wms_prod',
    });
  });

  it('takes root when no user is given, and a password with ":" in it', () => {
    expect(parseMysqlUrl('mariadb://h1:1,h2:2/db')).toMatchObject({ user: 'root', password: '' });
    expect(parseMysqlUrl('mysql://u:a:b@h/db').password).toBe('a:b');
  });

  it.each([
    ['postgres://u@h/db', /must start with mysql:\/\//],
    ['mysql://u@h', /name the database/],
    ['mysql://u@h/my-db', /only letters, digits and _/],
    ['mysql://u@h:99999/db', /out of range/],
    ['mysql://u@h1:1,,h2/db', /is not a host/],
  ])('refuses %s', (url, message) => {
    expect(() => parseMysqlUrl(url)).toThrow(message);
  });

  it('writes back what it read, masking the password unless asked', () => {
    const target = parseMysqlUrl('mysql://wms:s%40cret@db1:3307,db2:3306/wms');
    expect(formatMysqlUrl(target)).toBe('mysql://wms:***@db1:3307,db2:3306/wms');
    expect(parseMysqlUrl(formatMysqlUrl(target, true))).toEqual(target);
  });
});
