/**
 * `GET ajax/area`: no parameters → the provinces; `province` → its cities;
 * `province` + `city` → the city's districts; each as `{value: code, label: name}`. `/admin/ajax/area` needs
 * the admin's sign-in, `/api/ajax/area` is public (member center, forms before sign-in).
 */
import request from '@/api/request';

export interface AreaOption {
  /** the division's GB/T 2260 code, e.g. 440106 */
  value: number;
  label: string;
}

export type AreaApp = 'admin' | 'user';

export function areaUrl(app: AreaApp): string {
  return app === 'admin' ? '/admin/ajax/area' : '/api/ajax/area';
}

export async function fetchAreaOptions(app: AreaApp, province?: number, city?: number): Promise<AreaOption[]> {
  const params: Record<string, number> = {};
  if (province !== undefined) params.province = province;
  if (province !== undefined && city !== undefined) params.city = city;
  // several selects on one page ask for the provinces at once: none of them may cancel another
  const res = await request<AreaOption[]>({ url: areaUrl(app), method: 'get', params }, { cancelDuplicateRequest: false });
  return Array.isArray(res.data) ? res.data : [];
}
