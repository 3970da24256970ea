/** `GET /admin/dashboard/index`. */
import type { DashboardAnswer } from '@contract/stock';
import { fetchJson } from '@/components/crud';

export const DASHBOARD_URL = '/admin/dashboard/index';

/** The answer (contract/stock.ts). */
export type DashboardData = DashboardAnswer;

export function fetchDashboard(year?: number): Promise<DashboardData> {
  return fetchJson<DashboardData>(DASHBOARD_URL, year ? { year } : undefined);
}
