import { AppError } from '../http/app-error';
import { given, untranslated } from './given-when-then';

/** The helper fails a spec whenever the rule does something else than the spec says. */
describe('given / when / then', () => {
  const refuse = (key: string, args = {}) => () => {
    throw new AppError(key, args);
  };

  it('passes a decision to then, with the state it was given', () => {
    const seen: unknown[] = [];
    given(2)
      .when((n) => n * 3)
      .then((result, state) => seen.push(result, state));
    expect(seen).toEqual([6, 2]);
  });

  it('fails then when the rule refuses, naming the refusal', () => {
    expect(() => given(1).when(refuse('cms.comment_empty')).then(() => undefined)).toThrow('expected the rule to decide, but it refused: cms.comment_empty {}');
  });

  it('fails thenRefused when the rule decides, refuses with another key or other arguments, or throws something else', () => {
    expect(() => given(1).when((n) => n + 1).thenRefused('cms.comment_empty')).toThrow('expected the rule to refuse with cms.comment_empty, but it decided: 2');
    expect(() => given(1).when(refuse('cms.comment_too_long', { max: 5 })).thenRefused('cms.comment_empty')).toThrow();
    expect(() => given(1).when(refuse('cms.comment_too_long', { max: 5 })).thenRefused('cms.comment_too_long', { max: 6 })).toThrow();
    expect(() =>
      given(1)
        .when(() => {
          throw new TypeError('bug');
        })
        .thenRefused('cms.comment_empty'),
    ).toThrow('bug');
    given(1).when(refuse('cms.comment_too_long', { max: 5 })).thenRefused('cms.comment_too_long', { max: 5 });
  });

  it('fails thenRefused for a key not translated in both languages', () => {
    expect(untranslated('cms.comment_empty')).toEqual([]);
    expect(untranslated('cms.status.1')).toEqual([]);
    expect(untranslated('cms.no_such_message')).toEqual(['zh-cn', 'en']);
    expect(untranslated('nowhere.key')).toEqual(['zh-cn', 'en']);
    expect(() => given(1).when(refuse('cms.no_such_message')).thenRefused('cms.no_such_message')).toThrow();
  });
});
