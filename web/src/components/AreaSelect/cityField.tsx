/**
 * A form field for a free-text city (a partner's or a warehouse's `city`): picked from the province / city
 * cascader, stored as the city's name. A name typed before (`上海`) is kept and shown until another is picked.
 */
import type { CrudField } from '@/components/crud/types';
import { AreaSelect } from './index';

export function cityField(field: Omit<CrudField, 'type' | 'render'>): CrudField {
  return {
    ...field,
    type: 'custom',
    render: ({ value, onChange }) => <AreaSelect valueType="text" depth={2} value={typeof value === 'string' ? value : ''} onChange={(name) => onChange(name)} />,
  };
}
