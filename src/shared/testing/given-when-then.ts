import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AppError, MessageArgs } from '../http/app-error';

/**
 * Given / when / then for the unit specs of domain rules (plain functions over a state, beside the code in
 * `domain/`): the state a rule starts from, the decision, and what must follow — a result, or a refusal
 * with its message key.
 *
 *   given({ status: CONTENT_STATUS.unaudited, publish_time: null })
 *     .when((content) => decideContentAudit(content, CONTENT_STATUS.refused, '', NOW))
 *     .thenRefused('cms.refuse_needs_memo');
 *
 * `thenRefused` also checks that the key is translated in both languages (src/i18n/{zh-cn,en}), so a rule
 * cannot refuse with a message the user would see as a bare key.
 */
export function given<S>(state: S) {
  return {
    when<R>(decide: (state: S) => R) {
      const outcome = (): { value: R } | { error: unknown } => {
        try {
          return { value: decide(state) };
        } catch (error) {
          return { error };
        }
      };
      return {
        /** The decision succeeds; `expectation` checks its result (and may check the state it was given). */
        then(expectation: (result: R, state: S) => void): void {
          const done = outcome();
          if ('error' in done) throw new Error(`expected the rule to decide, but it refused: ${explain(done.error)}`);
          expectation(done.value, state);
        },
        /** The decision refuses with this message key (and these arguments, when given), translated in both languages. */
        thenRefused(messageKey: string, args?: MessageArgs): void {
          const done = outcome();
          if (!('error' in done)) throw new Error(`expected the rule to refuse with ${messageKey}, but it decided: ${JSON.stringify(done.value)}`);
          if (!(done.error instanceof AppError)) throw done.error;
          expect(done.error.messageKey).toBe(messageKey);
          if (args) expect(done.error.args).toEqual(args);
          expect(untranslated(messageKey)).toEqual([]);
        },
      };
    },
  };
}

function explain(error: unknown): string {
  return error instanceof AppError ? `${error.messageKey} ${JSON.stringify(error.args)}` : String(error);
}

const I18N = join(__dirname, '..', '..', 'i18n');
const catalogues = new Map<string, Record<string, unknown>>();

/** The languages (of zh-cn and en) whose server messages lack `namespace.key` (dots go into nested objects). */
export function untranslated(messageKey: string): string[] {
  const [namespace, ...path] = messageKey.split('.');
  return ['zh-cn', 'en'].filter((lang) => {
    const file = join(I18N, lang, `${namespace}.json`);
    let catalogue = catalogues.get(file);
    if (!catalogue) {
      try {
        catalogue = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
      } catch {
        catalogue = {};
      }
      catalogues.set(file, catalogue);
    }
    let node: unknown = catalogue;
    for (const part of path) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
    if (typeof node === 'string' && node) return false;
    // a flat key with dots in it
    return typeof catalogue[path.join('.')] !== 'string';
  });
}
