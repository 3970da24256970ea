import { Injectable } from '@nestjs/common';
import { I18nContext } from 'nestjs-i18n';
import { AjaxError } from './domain/ajax-errors';
import { commentLabel, primaryKeyOf, TableColumnInfo } from './domain/table-field';
import { ColumnDescription, TableCatalog, TableDescription } from './persistence/table-catalog';

export interface TablePk {
  pk: string | string[];
}

export interface TableFieldList extends TablePk {
  fieldList: Record<string, string> | Record<string, TableColumnInfo>;
}

/**
 * `ajax/getTablePk` and `ajax/getTableFieldList` for the product's own tables. Columns are labelled in the
 * caller's language from src/i18n/<lang>/tables.json (`table.<table>.<column>`, then `column.<column>`); the
 * migrations carry no column comments (SQLite keeps none), so a comment is used only where one is declared.
 */
@Injectable()
export class TableSchemaService {
  constructor(private readonly catalog: TableCatalog) {}

  primaryKey(table: string): TablePk {
    return { pk: primaryKeyOf(this.table(table).primary) };
  }

  /** clean: column → label; otherwise the columns as the database holds them, each with its label. */
  async fieldList(table: string, clean: boolean): Promise<TableFieldList> {
    const description = this.table(table);
    const i18n = I18nContext.current();
    const columns = clean ? description.columns : await this.catalog.databaseColumns(description);
    const entries = columns.map((column, index) => {
      const label = columnLabel(description.name, column, i18n);
      return [column.name, clean ? label : columnInfo(column, label, index + 1)] as const;
    });
    return { pk: primaryKeyOf(description.primary), fieldList: Object.fromEntries(entries) as TableFieldList['fieldList'] };
  }

  private table(name: string): TableDescription {
    const description = this.catalog.find(name);
    if (!description) throw new AjaxError('table_not_found');
    return description;
  }
}

export function columnLabel(table: string, column: ColumnDescription, i18n: I18nContext | undefined): string {
  for (const key of [`tables.table.${table}.${column.name}`, `tables.column.${column.name}`]) {
    const text = i18n?.t(key);
    if (typeof text === 'string' && text !== key) return text;
  }
  return commentLabel(column.comment) || column.name;
}

function columnInfo(column: ColumnDescription, label: string, position: number): TableColumnInfo {
  return {
    COLUMN_NAME: column.name,
    DATA_TYPE: column.type,
    COLUMN_KEY: column.primary ? 'PRI' : '',
    COLUMN_DEFAULT: column.default,
    IS_NULLABLE: column.nullable ? 'YES' : 'NO',
    CHARACTER_MAXIMUM_LENGTH: column.length,
    NUMERIC_PRECISION: column.precision,
    NUMERIC_SCALE: column.scale,
    UNSIGNED: column.unsigned,
    EXTRA: column.generated ? 'auto_increment' : '',
    ORDINAL_POSITION: position,
    COLUMN_COMMENT: label,
  };
}
