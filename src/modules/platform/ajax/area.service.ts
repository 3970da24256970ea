import { Injectable } from '@nestjs/common';
import { areaLevelQuery, AreaOption } from './domain/area-level';
import { AreaRepository } from './persistence/area.repository';

/** `ajax/area`: the provinces, a province's cities or a city's districts as cascader options. */
@Injectable()
export class AreaService {
  constructor(private readonly areas: AreaRepository) {}

  async options(province?: number, city?: number): Promise<AreaOption[]> {
    const query = areaLevelQuery(province, city);
    if (query.province !== undefined) {
      // a city of another province has no districts here
      const parent = await this.areas.findById(query.pid);
      if (!parent || parent.level !== 2 || parent.pid !== query.province) return [];
    }
    const rows = await this.areas.children(query.level, query.pid);
    return rows.map((row) => ({ value: row.id, label: row.name }));
  }
}
