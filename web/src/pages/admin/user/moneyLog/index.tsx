import { LogPage } from './LogPage';

/** Balance logs (/admin/user/moneyLog): list and add (the only way to change a balance); no edit, no delete. */
export default function MoneyLogPage() {
  return <LogPage kind="money" />;
}
