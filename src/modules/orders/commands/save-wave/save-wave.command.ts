import { AuthAdmin } from '../../../../shared/http/auth.decorators';

export interface SaveWaveInput {
  warehouse_id: number;
  outbound_ids: number[];
  remark?: string;
}

/** Creates a draft wave (no id) or replaces a draft wave's warehouse, orders and remark. */
export class SaveWaveCommand {
  constructor(
    readonly input: SaveWaveInput,
    readonly admin: AuthAdmin,
    readonly id?: number,
  ) {}
}
