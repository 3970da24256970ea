import { areaList } from '@vant/area-data';
import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';
import { insertMany } from './support/rows';
import { col } from './columns';

/**
 * China's provinces, cities and districts for `ajax/area`, from the npm
 * package @vant/area-data (MIT; GB/T 2260 codes as kept by the Vant project). The six-digit division code is
 * the row id, so ids are the same on every install and a stored choice stays meaningful:
 *   level 1 province  440000 广东省          pid 0
 *   level 2 city      440100 广州市          pid 440000
 *   level 3 district  440106 天河区          pid 440100
 * A city's province is its code's first two digits + "0000"; a district's city its first four + "00".
 * `mergename` is the path ("广东省,广州市,天河区").
 */
export interface AreaRow {
  id: number;
  pid: number;
  level: 1 | 2 | 3;
  name: string;
  mergename: string;
}

export function areaRows(list: { province_list: Record<string, string>; city_list: Record<string, string>; county_list: Record<string, string> } = areaList): AreaRow[] {
  const rows: AreaRow[] = [];
  const paths = new Map<number, string>();
  const add = (code: string, name: string, level: 1 | 2 | 3, parentCode: string | null) => {
    const id = Number(code);
    const pid = parentCode === null ? 0 : Number(parentCode);
    if (parentCode !== null && !paths.has(pid)) throw new Error(`area ${code} ${name}: no parent ${parentCode}`);
    const mergename = parentCode === null ? name : `${paths.get(pid)},${name}`;
    paths.set(id, mergename);
    rows.push({ id, pid, level, name, mergename });
  };
  const sorted = (record: Record<string, string>) => Object.entries(record).sort(([a], [b]) => a.localeCompare(b));
  for (const [code, name] of sorted(list.province_list)) add(code, name, 1, null);
  for (const [code, name] of sorted(list.city_list)) add(code, name, 2, `${code.slice(0, 2)}0000`);
  for (const [code, name] of sorted(list.county_list)) add(code, name, 3, `${code.slice(0, 4)}00`);
  return rows;
}

export class Area1763800000800 implements MigrationInterface {
  name = 'Area1763800000800';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'area',
        columns: [
          { name: 'id', type: 'int', isPrimary: true, unsigned: true },
          col.ref('pid'),
          col.tinyint('level'),
          col.varchar('name', 50),
          col.varchar('mergename', 255),
        ],
        indices: [new TableIndex({ name: 'idx_area_pid', columnNames: ['pid'] })],
      }),
    );
    await insertMany(queryRunner.manager, 'area', areaRows() as unknown as Array<Record<string, unknown>>);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('area');
  }
}
