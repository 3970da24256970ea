/**
 * A whole list page: table + add/edit drawer.
 */
import { observer } from 'mobx-react-lite';
import CrudForm from './CrudForm';
import CrudTable, { type CrudTableProps } from './CrudTable';

export interface CrudPageProps<Row extends Record<string, any>> extends CrudTableProps<Row> {
  /** language key naming one record, used in the drawer title. */
  entity?: string;
  formWidth?: number;
}

function CrudPageInner<Row extends Record<string, any>>({ entity, formWidth, ...tableProps }: CrudPageProps<Row>) {
  return (
    <div className="crud-page">
      <CrudTable<Row> {...tableProps} />
      {tableProps.store.fields.length > 0 && <CrudForm store={tableProps.store} entity={entity} width={formWidth} />}
    </div>
  );
}

export const CrudPage = observer(CrudPageInner) as typeof CrudPageInner;
export default CrudPage;
