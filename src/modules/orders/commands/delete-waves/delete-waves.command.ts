/** Deletes draft waves (their orders leave them). */
export class DeleteWavesCommand {
  constructor(readonly ids: number[]) {}
}
