import { LogTable } from '@/features/member/LogTable';
import { getBalanceLog } from '@/api/member';

/** /user/account/balance: the member's balance log (newest first). */
export default function BalancePage() {
  return <LogTable kind="money" fetch={getBalanceLog} prefix="frontend.user.account.balance" />;
}
