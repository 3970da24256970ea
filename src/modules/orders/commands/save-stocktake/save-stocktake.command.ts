import { AuthAdmin } from '../../../../shared/http/auth.decorators';

export interface SaveStocktakeInput {
  warehouse_id: number;
  warehouse_area_id?: number;
  warehouse_shelf_id?: number;
  category_id?: number;
  blind?: number;
  remark?: string;
}

/** Creates a count (no id) as a draft, or changes the scope of a draft. */
export class SaveStocktakeCommand {
  constructor(
    readonly input: SaveStocktakeInput,
    readonly admin: AuthAdmin,
    readonly id?: number,
  ) {}
}
