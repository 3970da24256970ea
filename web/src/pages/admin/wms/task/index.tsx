/**
 * My tasks (/admin/wms/task): the worker's page on a phone with a keyboard-wedge scanner — the next pick
 * task in sequence, scan its shelf and its product, enter the quantity, confirm or close it short.
 */
import { MyTasks } from '@/features/directed/MyTasks';

export default function TaskPage() {
  return <MyTasks />;
}
