import { LogTable } from '@/features/member/LogTable';
import { getScoreLog } from '@/api/member';

/** /user/account/integral: the member's score log (newest first). */
export default function IntegralPage() {
  return <LogTable kind="score" fetch={getScoreLog} prefix="frontend.user.account.integral" />;
}
