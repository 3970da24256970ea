/** The robot log (/admin/routine/robotLog): every message sent to a robot, whether it took it, and its answer. */
import { useState } from 'react';
import { CrudTable, CrudTableStore, type CrudColumn } from '@/components/crud';
import { tagOptions } from '@/components/crud/options';
import { useStore } from '@/stores/context';

export const ROBOT_LOG_API = '/admin/routine.RobotLog';
const l = (key: string) => `routine.robotLog.${key}`;
const RESULT_OPTIONS = tagOptions('routine.robotLog.results', [
  [0, 'red'],
  [1, 'green'],
]);

export const robotLogColumns: CrudColumn[] = [
  { prop: 'id', label: l('id'), width: 70, operator: '=', sortable: true },
  { prop: 'robot.name', label: l('robot'), minWidth: 130, operator: false },
  { prop: 'event', label: l('event'), width: 170, operator: '=' },
  { prop: 'result', label: l('result'), width: 100, render: 'tag', options: RESULT_OPTIONS },
  { prop: 'status_code', label: l('statusCode'), width: 100, operator: '=' },
  { prop: 'answer', label: l('answer'), minWidth: 200, ellipsis: true, operator: false },
  { prop: 'content', label: l('content'), minWidth: 240, ellipsis: true, operator: false, hidden: true },
  { prop: 'createtime', label: l('createtime'), width: 170, render: 'datetime', sortable: true },
];

export default function RobotLogPage() {
  const root = useStore();
  const [store] = useState(() => new CrudTableStore(root, { api: ROBOT_LOG_API, columns: robotLogColumns, quickSearchFields: [l('id'), l('event')] }));
  return (
    <div className="crud-page">
      <CrudTable store={store} toolbar={['refresh', 'quickSearch', 'search', 'columns']} rowButtons={[]} />
    </div>
  );
}
