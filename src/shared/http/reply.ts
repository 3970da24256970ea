import { MessageArgs } from './app-error';

/** What a controller returns when the success answer carries a message (`msg`) besides its data. */
export class Reply<T = unknown> {
  constructor(
    readonly data: T,
    readonly messageKey?: string,
    readonly args: MessageArgs = {},
  ) {}
}

export function reply<T>(data: T, messageKey?: string, args?: MessageArgs): Reply<T> {
  return new Reply(data, messageKey, args);
}
