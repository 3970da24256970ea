import { TransitionContext } from '../../../../shared/transitions';

/** `wms.Package/add`: open a package (1 carton, 2 pallet) on a picked outbound order. */
export class AddPackageCommand {
  constructor(
    readonly input: { outbound_id: number; type: number },
    readonly context: TransitionContext,
  ) {}
}
