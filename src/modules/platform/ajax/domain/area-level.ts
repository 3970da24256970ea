/**
 * Which divisions `ajax/area` lists: without parameters the provinces; with
 * `province` that province's cities; with `province` and `city` that city's districts. A city alone (no
 * province) lists the provinces, as in BuildAdmin.
 */
export type AreaLevel = 1 | 2 | 3;

export interface AreaLevelQuery {
  level: AreaLevel;
  /** The parent division (0 for the provinces). */
  pid: number;
  /** For districts: the province the city must belong to. */
  province?: number;
}

export function areaLevelQuery(province?: number, city?: number): AreaLevelQuery {
  if (province === undefined) return { level: 1, pid: 0 };
  if (city === undefined) return { level: 2, pid: province };
  return { level: 3, pid: city, province };
}

/** `{value, label}` options, as the cascader of the front end reads them. */
export interface AreaOption {
  value: number;
  label: string;
}
