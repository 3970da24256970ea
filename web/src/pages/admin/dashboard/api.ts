/** `GET /admin/dashboard/index`. */
import { fetchJson } from '@/components/crud';

export const DASHBOARD_URL = '/admin/dashboard/index';

export interface DashboardData {
  remark: string;
  today: { inbound_quantity: number; outbound_quantity: number };
  pending: { inbound_orders: number; outbound_orders: number };
  monthly: {
    year: number;
    months: string[];
    inbound_quantity: number[];
    outbound_quantity: number[];
    /** yuan, exact, two decimals */
    inbound_amount: string[];
    outbound_amount: string[];
  };
}

export function fetchDashboard(year?: number): Promise<DashboardData> {
  return fetchJson<DashboardData>(DASHBOARD_URL, year ? { year } : undefined);
}
