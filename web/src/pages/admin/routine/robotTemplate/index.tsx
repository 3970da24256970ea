/**
 * Robot templates (/admin/routine/robotTemplate): each alert's message per language, with `{variables}`; the
 * variables of the chosen event are listed under the content (GET variables?event=). An event without a
 * template in a language uses the built-in one. docs/ROBOTS.md.
 */
import { useEffect, useState } from 'react';
import { Tag } from '@arco-design/web-react';
import { getRobotVariables } from '@/api/robots';
import { CrudPage, CrudTableStore, maxLengthRule, type CrudColumn, type CrudField } from '@/components/crud';
import { useT } from '@/lang';
import { useStore } from '@/stores/context';
import { ROBOT_EVENT_OPTIONS, ROBOT_LANG_OPTIONS } from '@/features/robots/options';

export const ROBOT_TEMPLATE_API = '/admin/routine.RobotTemplate';
const l = (key: string) => `routine.robotTemplate.${key}`;

/** The variables of the event chosen in the form. */
function Variables({ event }: { event: string }) {
  const t = useT();
  const [names, setNames] = useState<string[]>([]);
  useEffect(() => {
    let live = true;
    if (!event) return setNames([]);
    getRobotVariables(event)
      .then((answer) => live && setNames(answer.data?.variables ?? []))
      .catch(() => live && setNames([]));
    return () => {
      live = false;
    };
  }, [event]);
  if (!names.length) return null;
  return (
    <div data-testid="robot-variables">
      {t(l('variables'))}{' '}
      {names.map((name) => (
        <Tag key={name} size="small" style={{ marginRight: 4 }}>{`{${name}}`}</Tag>
      ))}
    </div>
  );
}

export const robotTemplateColumns: CrudColumn[] = [
  { prop: 'id', label: l('id'), width: 70, operator: '=', sortable: true },
  { prop: 'event', label: l('event'), width: 180, operator: '=', render: 'tag', options: ROBOT_EVENT_OPTIONS },
  { prop: 'lang', label: l('lang'), width: 100, operator: '=' },
  { prop: 'title', label: l('title'), minWidth: 180, operator: 'LIKE' },
  { prop: 'updatetime', label: l('updatetime'), width: 170, render: 'datetime', sortable: true },
];

export const robotTemplateFields: CrudField[] = [
  { prop: 'event', label: l('event'), type: 'select', options: ROBOT_EVENT_OPTIONS, rules: ['required'] },
  { prop: 'lang', label: l('lang'), type: 'select', options: ROBOT_LANG_OPTIONS, defaultValue: 'zh-cn', rules: ['required'] },
  { prop: 'title', label: l('title'), type: 'input', rules: ['required', maxLengthRule(100)] },
  { prop: 'content', label: l('content'), type: 'textarea', rules: ['required', maxLengthRule(2000)], props: { autoSize: { minRows: 5 } } },
  { prop: 'variableList', label: l('variableList'), type: 'custom', render: (ctx) => <Variables event={String(ctx.values.event ?? '')} />, toServer: () => undefined },
];

export default function RobotTemplatePage() {
  const root = useStore();
  const [store] = useState(() => new CrudTableStore(root, { api: ROBOT_TEMPLATE_API, columns: robotTemplateColumns, fields: robotTemplateFields, quickSearchFields: [l('id'), l('event'), l('title')] }));
  return <CrudPage store={store} entity={l('template')} />;
}
