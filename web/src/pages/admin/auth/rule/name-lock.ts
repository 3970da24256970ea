import type { CrudField } from '@/components/crud';

/**
 * Groups grant rules by id and the server reads a rule's name as the permission it carries, so only a
 * super admin may rename a rule (the server refuses anyone else): for them the name is read-only on edit.
 */
export function withRuleNameLock(fields: CrudField[], isSuper: boolean, lockedTip: string): CrudField[] {
  if (isSuper) return fields;
  return fields.map((field) =>
    field.prop !== 'name'
      ? field
      : { ...field, disabled: (mode) => mode === 'edit', tip: (mode) => (mode === 'edit' ? lockedTip : (field.tip as string | undefined)) },
  );
}
