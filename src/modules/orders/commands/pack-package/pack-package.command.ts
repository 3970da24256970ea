import { TransitionContext } from '../../../../shared/transitions';

/** `wms.Package/pack` and `unpack`: what the scanned code names, how many (1 when not given). */
export class PackPackageCommand {
  constructor(
    readonly id: number,
    readonly input: { code: string; quantity?: number },
    readonly direction: 'pack' | 'unpack',
    readonly context: TransitionContext,
  ) {}
}
