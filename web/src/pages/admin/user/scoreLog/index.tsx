import { LogPage } from '../moneyLog/LogPage';

/** Score logs (/admin/user/scoreLog): list and add (the only way to change a score); no edit, no delete. */
export default function ScoreLogPage() {
  return <LogPage kind="score" />;
}
