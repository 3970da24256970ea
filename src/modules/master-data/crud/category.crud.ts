import { ObjectLiteral } from 'typeorm';
import { applyListQuery, CrudDefinition, CrudKit, CrudRow, CrudService, DEFAULT_TIME_ZONE, parseListQuery } from '../../../shared/crud';
import { AppError } from '../../../shared/http/app-error';
import { buildTree, descendantsOf, indentedOptions, TreeNode } from '../domain/tree';
import { AddCategoryDto, EditCategoryDto } from '../http/dto/catalogue.dto';
import { CategoryEntity } from '../persistence/category.entity';
import { ProductEntity } from '../persistence/product.entity';
import { MasterDataReferences } from '../services/master-data-references.service';
import { findLive, refuseIfReferenced, writes } from './checks';

/** A tree is answered whole; this bounds it. */
const MAX_TREE_ROWS = 100_000;

/** Product categories: a tree by `pid`, never hung below itself, not deleted while it has children or products. */
export function categoryCrud(references: MasterDataReferences): CrudDefinition<CategoryEntity> {
  return {
    entity: CategoryEntity,
    alias: 'category',
    writable: ['pid', 'name', 'weigh', 'status'],
    searchFields: ['id', 'pid', 'name', 'weigh', 'status', 'createtime', 'updatetime'],
    quickSearchFields: ['id', 'name'],
    filterParams: ['pid', 'status'],
    // Tree lists sort weigh desc, id asc (BuildAdmin).
    defaultOrder: [
      { field: 'weigh', direction: 'DESC' },
      { field: 'id', direction: 'ASC' },
    ],
    softDelete: true,
    validation: { add: AddCategoryDto, edit: EditCategoryDto },
    hooks: {
      async beforeWrite(data, { manager, existing }) {
        if (!existing) data.pid ??= 0;
        if (!writes(data, existing, 'pid')) return;
        const pid = Number(data.pid);
        if (!pid) return;
        if (existing && pid === existing.id) throw new AppError('master-data.category_parent_invalid');
        if (!(await findLive(manager, CategoryEntity, pid))) throw new AppError('master-data.reference_missing', { field: '@fields.pid' });
        if (existing) {
          const all = await manager.createQueryBuilder(CategoryEntity, 'c').select(['c.id', 'c.pid']).where('c.deletetime IS NULL').getMany();
          if (descendantsOf(existing.id, all).has(pid)) throw new AppError('master-data.category_parent_invalid');
        }
      },
      beforeDelete: (rows, { manager }) => {
        const ids = rows.map((row) => row.id);
        return refuseIfReferenced(
          manager,
          'category',
          rows,
          [
            // Children deleted in the same request do not count.
            { entity: CategoryEntity, column: 'pid', by: 'master-data.references.child_categories', ignoreIds: ids },
            { entity: ProductEntity, column: 'category_id', by: 'master-data.references.products' },
          ],
          references,
        );
      },
    },
  };
}

export type CategoryNode = TreeNode<CrudRow & { id: number; pid: number; name: string }>;

/** The generic CRUD plus the tree answers of `index`. */
export class CategoryCrudService extends CrudService<CategoryEntity> {
  constructor(kit: CrudKit, references: MasterDataReferences) {
    super(kit, categoryCrud(references));
  }

  /**
   * `{list: tree, total, remark}`; with `select`, `{options}`: the rows depth-first with `pid`, `depth` and an
   * indented `name`. Search, quickSearch and initValue filter the rows first; a row whose parent was filtered
   * out becomes a root.
   */
  async tree(query: Record<string, unknown>, controllerPath: string): Promise<{ list: CategoryNode[]; total: number; remark: string } | { options: ObjectLiteral[] }> {
    const environment = this.kit.environment;
    const timeZone = (await environment?.timeZone()) || DEFAULT_TIME_ZONE;
    const spec = parseListQuery(query, { ...this.model.rules, timeZone });
    const qb = this.query();
    applyListQuery(qb, { ...spec, page: 1, limit: MAX_TREE_ROWS }, this.model.columns);
    const rows = (await qb.getMany()).map((row) => this.toPlain(row) as CrudRow & { id: number; pid: number; name: string });
    const tree = buildTree(rows);
    if (spec.select) return { options: indentedOptions(tree) };
    const remark = environment ? await environment.remark(controllerPath) : '';
    return { list: tree, total: rows.length, remark: remark ?? '' };
  }
}
