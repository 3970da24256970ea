import { TransitionContext } from '../../../../shared/transitions';

/** `wms.Package/close`: seal the package, with its weight in kg (optional). */
export class ClosePackageCommand {
  constructor(
    readonly id: number,
    readonly weight: string | number | undefined,
    readonly context: TransitionContext,
  ) {}
}
