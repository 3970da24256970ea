import { EntityManager } from 'typeorm';
import { CrudDefinition, DataChanges, ListExport, ListExportColumn } from '../../../shared/crud';
import { AppError } from '../../../shared/http/app-error';
import { fieldsOfRule, isNeverWatched } from '../domain/default-rules';
import { BackupEntity, DataRecycleEntity, DataRecycleLogEntity, SensitiveDataEntity, SensitiveDataLogEntity } from '../persistence/security.entities';
import { AddRecycleRuleDto, AddSensitiveRuleDto, EditRecycleRuleDto, EditSensitiveRuleDto } from '../http/dto/rule.dto';

/** The table a rule names must be one of the app's tables (never the safety tools' own). */
function assertTable(manager: EntityManager, table: unknown): string {
  const name = String(table ?? '');
  const known = manager.connection.entityMetadatas.some((m) => m.tableName === name);
  if (!known || name.startsWith('security_') || name === 'backup') throw new AppError('security.unknown_table', { table: name.slice(0, 64) });
  return name;
}

const ADMIN_JOIN = { entity: 'admin', on: 'admin_id', columns: ['username', 'nickname'] } as const;

export const recycleRuleCrud: CrudDefinition<DataRecycleEntity> = {
  entity: DataRecycleEntity,
  alias: 'rule',
  writable: ['name', 'controller', 'data_table', 'status'],
  quickSearchFields: ['id', 'name', 'data_table', 'controller'],
  validation: { add: AddRecycleRuleDto, edit: EditRecycleRuleDto },
  hooks: {
    beforeWrite(data, { manager, existing }) {
      if (data.data_table !== undefined || !existing) data.data_table = assertTable(manager, data.data_table);
    },
  },
};

export function sensitiveRuleCrud(changes: DataChanges): CrudDefinition<SensitiveDataEntity> {
  return {
    entity: SensitiveDataEntity,
    alias: 'rule',
    writable: ['name', 'controller', 'data_table', 'data_fields', 'status'],
    quickSearchFields: ['id', 'name', 'data_table', 'controller'],
    validation: { add: AddSensitiveRuleDto, edit: EditSensitiveRuleDto },
    hooks: {
      beforeWrite(data, { manager, existing }) {
        const table = data.data_table !== undefined || !existing ? assertTable(manager, data.data_table) : existing.data_table;
        if (data.data_table !== undefined) data.data_table = table;
        const json = String(data.data_fields ?? existing?.data_fields ?? '');
        const fields = fieldsOfRule(json);
        if (!Object.keys(fields).length) throw new AppError('security.fields_required');
        const metadata = manager.connection.entityMetadatas.find((m) => m.tableName === table)!;
        for (const field of Object.keys(fields)) {
          if (isNeverWatched(table, field)) throw new AppError('security.field_not_editable', { field });
          const isColumn = metadata.columns.some((c) => c.databaseName === field);
          if (!isColumn && !changes.virtualFieldsOf(table).has(field)) throw new AppError('security.unknown_field', { field, table });
          if (field === metadata.primaryColumns[0].databaseName) throw new AppError('security.unknown_field', { field, table });
        }
        data.data_fields = JSON.stringify(fields);
      },
    },
  };
}

export const recycleLogCrud: CrudDefinition<DataRecycleLogEntity> = {
  entity: DataRecycleLogEntity,
  alias: 'log',
  writable: [],
  listOmit: ['data'],
  quickSearchFields: ['id', 'data_table', 'id_value', 'admin.username'],
  filterParams: ['data_table', 'is_restore'],
  joins: { admin: ADMIN_JOIN },
};

export const sensitiveLogCrud: CrudDefinition<SensitiveDataLogEntity> = {
  entity: SensitiveDataLogEntity,
  alias: 'log',
  writable: [],
  quickSearchFields: ['id', 'data_table', 'id_value', 'data_field', 'admin.username'],
  filterParams: ['data_table', 'is_rollback', 'data_field'],
  joins: { admin: ADMIN_JOIN },
};

const h = (name: string) => `security.export.${name}`;
type Admin = { username?: string; nickname?: string } | null;
const admin: ListExportColumn = { label: h('admin'), value: (row) => (row.admin as Admin)?.nickname || (row.admin as Admin)?.username || '' };
const where: ListExportColumn[] = [
  { label: h('ip'), value: (row) => row.ip, width: 16 },
  { label: h('createtime'), value: (row, x) => x.time(row.createtime), width: 20 },
];

/** The recycle bin's export: what was deleted, by whom and whether it was restored (the kept row stays in the bin). */
export const RECYCLE_LOG_EXPORT: ListExport = {
  title: h('recycle_title'),
  columns: [
    { label: h('id'), value: (row) => row.id, type: 'number' },
    { label: h('data_table'), value: (row) => row.data_table },
    { label: h('id_value'), value: (row) => row.id_value },
    admin,
    { label: h('is_restore'), value: (row, x) => x.label('security.export.restored', row.is_restore) },
    ...where,
  ],
};

/** The sensitive-data log's export: field by field, before → after (secrets were logged as changed, without values). */
export const SENSITIVE_LOG_EXPORT: ListExport = {
  title: h('sensitive_title'),
  columns: [
    { label: h('id'), value: (row) => row.id, type: 'number' },
    { label: h('data_table'), value: (row) => row.data_table },
    { label: h('id_value'), value: (row) => row.id_value },
    { label: h('data_field'), value: (row) => row.data_field },
    { label: h('data_comment'), value: (row) => row.data_comment },
    { label: h('before'), value: (row, x) => (Number(row.changed_only) ? x.t('security.export.changed') : row.before), width: 24 },
    { label: h('after'), value: (row, x) => (Number(row.changed_only) ? x.t('security.export.changed') : row.after), width: 24 },
    admin,
    { label: h('is_rollback'), value: (row, x) => x.label('security.export.rolled_back', row.is_rollback) },
    ...where,
  ],
};

/** The backups, with who made each. */
export const BACKUP_LIST: CrudDefinition<BackupEntity> = {
  entity: BackupEntity,
  alias: 'backup',
  writable: [],
  quickSearchFields: ['id', 'name', 'checksum'],
  joins: { admin: { entity: 'admin', on: 'admin_id', columns: ['username', 'nickname'] } },
};
