/**
 * Generic CRUD table and form (the equivalent of BuildAdmin's baTable).
 *
 *   const root = useStore();
 *   const [store] = useState(() => new CrudTableStore(root, { api: '/admin/wms.Brand', columns, fields, quickSearchFields }));
 *   return <CrudPage store={store} entity="wms.brand.brand" />;
 */
import './i18n';
export { CrudTableStore } from './store';
export type { CrudTableOptions, CrudRoot, Key } from './store';
export { CrudTable } from './CrudTable';
export type { CrudTableProps } from './CrudTable';
export { ListTable, RowDetail } from './ListTable';
export type { ListTableProps } from './ListTable';
export { CrudForm } from './CrudForm';
export type { CrudFormProps } from './CrudForm';
export { CrudPage } from './CrudPage';
export { ConfirmWithTip } from './ConfirmWithTip';
export { Toolbar, DEFAULT_TOOLBAR } from './Toolbar';
export { SearchForm } from './SearchForm';
export { IconSelect, filterIcons } from './IconSelect';
export { CrudIcon, ICON_NAMES, resolveIconName } from './icons';
export { renderCell, optionText, isTruthySwitch } from './cells';
export { rowToForm, formToBody, fieldVisible, fieldsToClear } from './formValues';
export * from './params';
export * from './validators';
export * from './options';
export type * from './types';
