import { Get, Query } from '@nestjs/common';
import { EntityManager, EntityTarget, ObjectLiteral } from 'typeorm';
import { AppError } from '../http/app-error';
import { CrudController } from './crud.controller';
import { CrudDefinition } from './crud-definition';
import { CrudKit } from './crud-kit';
import { CrudRow, CrudService, ListResult } from './crud.service';
import { applyListQuery } from './list-query-builder';
import { DEFAULT_TIME_ZONE, parseListQuery } from './list-query';
import { buildTree, descendantsOf, indentedOptions, TreeNode } from './tree';

/** A tree is answered whole; this bounds it. */
const MAX_TREE_ROWS = 100_000;

export type TreeRow = CrudRow & { id: number; pid: number; name: string };

export type TreeAnswer = { list: TreeNode<TreeRow>[]; total: number; remark: string } | { options: ObjectLiteral[] };

/**
 * The generic CRUD of a resource organised as a tree by `pid` (0 = top level) with a `name` (product
 * categories, content channels): `index` answers the tree.
 */
export class TreeCrudService<E extends ObjectLiteral> extends CrudService<E> {
  constructor(kit: CrudKit, definition: CrudDefinition<E>) {
    super(kit, definition);
  }

  /**
   * `{list: tree, total, remark}`; with `select`, `{options}`: the rows depth-first with `pid`, `depth` and an
   * indented `name`. Search, quickSearch and initValue filter the rows first; a row whose parent was filtered
   * out becomes a root.
   */
  async tree(query: Record<string, unknown>, controllerPath: string): Promise<TreeAnswer> {
    const environment = this.kit.environment;
    const timeZone = (await environment?.timeZone()) || DEFAULT_TIME_ZONE;
    const spec = parseListQuery(query, { ...this.model.rules, timeZone });
    const qb = this.query();
    applyListQuery(qb, { ...spec, page: 1, limit: MAX_TREE_ROWS }, this.model.columns);
    const rows = (await qb.getMany()).map((row) => this.toPlain(row) as TreeRow);
    const tree = buildTree(rows);
    if (spec.select) return { options: indentedOptions(tree) };
    const remark = environment ? await environment.remark(controllerPath) : '';
    return { list: tree, total: rows.length, remark: remark ?? '' };
  }
}

/** A tree controller: the generic actions, with `index` answering the tree (`{options}` for a select). */
export abstract class TreeCrudController<E extends ObjectLiteral> extends CrudController<E> {
  constructor(protected readonly treeCrud: TreeCrudService<E>) {
    super(treeCrud);
  }

  @Get('index')
  override index(@Query() query: Record<string, unknown>): Promise<ListResult> {
    // The tree answer replaces the flat list of the base.
    return this.treeCrud.tree(query, this.controllerPath()) as unknown as Promise<ListResult>;
  }
}

export interface ParentCheck {
  /** The tree's entity; rows with `deletetime` set are not candidates. */
  entity: EntityTarget<ObjectLiteral>;
  /** The parent about to be written (0 = top level). */
  pid: number;
  /** The row being edited; null on add. */
  existing: { id: number } | null;
  /** The refusal when the parent is the row itself or one of its descendants. */
  cycleMessage: string;
  /** The refusal when the parent does not exist. */
  missingMessage: string;
  missingArgs?: Record<string, string | number>;
}

/** Refuses a parent that does not exist, or that would hang a row below itself. Runs in the write's transaction. */
export async function assertTreeParent(manager: EntityManager, check: ParentCheck): Promise<void> {
  const { entity, pid, existing } = check;
  if (!pid) return;
  if (existing && pid === existing.id) throw new AppError(check.cycleMessage);
  const softDelete = !!manager.connection.getMetadata(entity).findColumnWithPropertyPath('deletetime');
  const live = (qb: ReturnType<EntityManager['createQueryBuilder']>) => (softDelete ? qb.andWhere('t.deletetime IS NULL') : qb);
  const parent = await live(manager.createQueryBuilder(entity, 't').select('t.id').where('t.id = :pid', { pid })).getRawOne();
  if (!parent) throw new AppError(check.missingMessage, check.missingArgs);
  if (!existing) return;
  const all = await live(manager.createQueryBuilder(entity, 't').select(['t.id AS id', 't.pid AS pid']).where('1 = 1')).getRawMany<{ id: number | string; pid: number | string }>();
  if (descendantsOf(existing.id, all.map((r) => ({ id: Number(r.id), pid: Number(r.pid) }))).has(pid)) throw new AppError(check.cycleMessage);
}
