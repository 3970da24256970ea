import { areaLevelQuery } from './area-level';
import { commentLabel, isPlainTableName, primaryKeyOf } from './table-field';

describe('table helpers', () => {
  it('takes plain lower-case table names only', () => {
    for (const name of ['warehouse', 'admin_group_access', 'a1']) expect(isPlainTableName(name)).toBe(true);
    for (const name of ['', 'Warehouse', 'mysql.user', '`admin`', '"admin"', "admin'--", 'admin ', '1admin', '_x', 'a'.repeat(65), ['admin'], 1]) {
      expect([name, isPlainTableName(name)]).toEqual([name, false]);
    }
  });

  it('labels a column by the part of its comment before the first colon', () => {
    expect(commentLabel('Status:0=Disabled,1=Enabled')).toBe('Status');
    expect(commentLabel('Name')).toBe('Name');
    expect(commentLabel('')).toBe('');
    expect(commentLabel(undefined)).toBe('');
  });

  it('answers one key as a name and a composite key as a list', () => {
    expect(primaryKeyOf(['id'])).toBe('id');
    expect(primaryKeyOf(['uid', 'group_id'])).toEqual(['uid', 'group_id']);
  });
});

describe('area levels', () => {
  it('lists provinces, then cities of a province, then districts of a city', () => {
    expect(areaLevelQuery()).toEqual({ level: 1, pid: 0 });
    expect(areaLevelQuery(440000)).toEqual({ level: 2, pid: 440000 });
    expect(areaLevelQuery(440000, 440100)).toEqual({ level: 3, pid: 440100, province: 440000 });
    expect(areaLevelQuery(undefined, 440100)).toEqual({ level: 1, pid: 0 });
  });
});
