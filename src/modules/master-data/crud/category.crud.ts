import { assertTreeParent, CrudDefinition, CrudKit, TreeCrudService } from '../../../shared/crud';
import { AddCategoryDto, EditCategoryDto } from '../http/dto/catalogue.dto';
import { CategoryEntity } from '../persistence/category.entity';
import { ProductEntity } from '../persistence/product.entity';
import { MasterDataReferences } from '../services/master-data-references.service';
import { refuseIfReferenced, writes } from './checks';

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
        await assertTreeParent(manager, {
          entity: CategoryEntity,
          pid: Number(data.pid),
          existing,
          cycleMessage: 'master-data.category_parent_invalid',
          missingMessage: 'master-data.reference_missing',
          missingArgs: { field: '@fields.pid' },
        });
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

/** The generic CRUD plus the tree answers of `index`. */
export class CategoryCrudService extends TreeCrudService<CategoryEntity> {
  constructor(kit: CrudKit, references: MasterDataReferences) {
    super(kit, categoryCrud(references));
  }
}
