import { getScoreLog } from '@/api/user';
import { LogTable } from '../../../../features/member/LogTable';

/** /user/account/integral: the member's score log (newest first). */
export default function IntegralPage() {
  return <LogTable kind="score" fetch={getScoreLog} prefix="frontend.user.account.integral" />;
}
