import { given } from '../../../shared/testing/given-when-then';
import { assertMayComment, assertMayRead, COMMENT_GROUP, CONTENT_STATUS, decideContentAudit, isPublished, normaliseTitleStyle, parseFlags, TITLE_STYLE_PATTERN, VISIT_GROUP } from './content';

const NOW = 1_780_000_000;
const content = (status: number, publish_time: number | null = null) => ({ status, publish_time });

describe('auditing content', () => {
  it('given unaudited content, when it is published, then it is normal with the publish time set now and no memo', () => {
    given(content(CONTENT_STATUS.unaudited))
      .when((c) => decideContentAudit(c, CONTENT_STATUS.normal, '  fine  ', NOW))
      .then((outcome) => expect(outcome).toEqual({ status: CONTENT_STATUS.normal, memo: '', publish_time: NOW }));
  });

  it('given offline content with a publish time, when it is published again, then it keeps its first publish time', () => {
    given(content(CONTENT_STATUS.offline, NOW - 3600))
      .when((c) => decideContentAudit(c, CONTENT_STATUS.normal, '', NOW))
      .then((outcome) => expect(outcome.publish_time).toBe(NOW - 3600));
  });

  it('given unaudited content, when it is refused with a reason, then the trimmed reason is kept for the author', () => {
    given(content(CONTENT_STATUS.unaudited))
      .when((c) => decideContentAudit(c, CONTENT_STATUS.refused, '  off topic ', NOW))
      .then((outcome) => expect(outcome).toEqual({ status: CONTENT_STATUS.refused, memo: 'off topic', publish_time: null }));
  });

  it('given unaudited content, when it is refused without a reason, then the audit is refused', () => {
    given(content(CONTENT_STATUS.unaudited))
      .when((c) => decideContentAudit(c, CONTENT_STATUS.refused, '   ', NOW))
      .thenRefused('cms.refuse_needs_memo');
  });

  it('given published content, when it is taken offline, then it is offline and keeps its publish time', () => {
    given(content(CONTENT_STATUS.normal, NOW - 60))
      .when((c) => decideContentAudit(c, CONTENT_STATUS.offline, '', NOW))
      .then((outcome) => expect(outcome).toEqual({ status: CONTENT_STATUS.offline, memo: '', publish_time: NOW - 60 }));
  });

  it('given refused content, when it is taken offline, then the step is refused, naming both states', () => {
    given(content(CONTENT_STATUS.refused))
      .when((c) => decideContentAudit(c, CONTENT_STATUS.offline, '', NOW))
      .thenRefused('cms.audit_not_from', { from: '@cms.status.2', to: '@cms.status.3' });
  });

  it('given published content, when it is published again, then it is refused as already published', () => {
    given(content(CONTENT_STATUS.normal, NOW))
      .when((c) => decideContentAudit(c, CONTENT_STATUS.normal, '', NOW))
      .thenRefused('cms.audit_already', { status: '@cms.status.1' });
  });

  it('given any content, when an audit asks for "unaudited" or an unknown state, then it is refused', () => {
    given(content(CONTENT_STATUS.normal))
      .when((c) => decideContentAudit(c, CONTENT_STATUS.unaudited, '', NOW))
      .thenRefused('cms.audit_status_invalid');
    given(content(CONTENT_STATUS.normal))
      .when((c) => decideContentAudit(c, 9, '', NOW))
      .thenRefused('cms.audit_status_invalid');
  });

  it('given a reason of 256 characters, when content is refused, then the reason is too long (255 pass)', () => {
    given(content(CONTENT_STATUS.unaudited))
      .when((c) => decideContentAudit(c, CONTENT_STATUS.refused, 'x'.repeat(256), NOW))
      .thenRefused('cms.memo_too_long', { max: 255 });
    given(content(CONTENT_STATUS.unaudited))
      .when((c) => decideContentAudit(c, CONTENT_STATUS.refused, 'x'.repeat(255), NOW))
      .then((outcome) => expect(outcome.memo).toHaveLength(255));
  });
});

describe('who sees content', () => {
  it('given published content, then it is public once its publish time is reached, never before', () => {
    given(content(CONTENT_STATUS.normal, NOW + 1))
      .when((c) => [isPublished(c, NOW), isPublished(c, NOW + 1), isPublished({ ...c, publish_time: null }, NOW)])
      .then((seen) => expect(seen).toEqual([false, true, true]));
  });

  it('given unaudited, refused or offline content, then it is never public', () => {
    given([CONTENT_STATUS.unaudited, CONTENT_STATUS.refused, CONTENT_STATUS.offline])
      .when((statuses) => statuses.map((status) => isPublished(content(status, NOW - 1), NOW)))
      .then((seen) => expect(seen).toEqual([false, false, false]));
  });

  it('given members-only content, when a visitor reads it, then a sign-in is asked for; a member reads it', () => {
    given(VISIT_GROUP.user).when((group) => assertMayRead(group, false)).thenRefused('cms.read_needs_login');
    given(VISIT_GROUP.user).when((group) => assertMayRead(group, true)).then((result) => expect(result).toBeUndefined());
    given(VISIT_GROUP.all).when((group) => assertMayRead(group, false)).then((result) => expect(result).toBeUndefined());
  });

  it('given comments off or an unknown comment group, when anyone comments, then it is refused; members-only asks visitors to sign in', () => {
    given(COMMENT_GROUP.disable).when((group) => assertMayComment(group, true)).thenRefused('cms.comments_disabled');
    given(7).when((group) => assertMayComment(group, true)).thenRefused('cms.comments_disabled');
    given(COMMENT_GROUP.user).when((group) => assertMayComment(group, false)).thenRefused('cms.comment_needs_login');
    given(COMMENT_GROUP.all).when((group) => assertMayComment(group, false)).then((result) => expect(result).toBeUndefined());
  });
});

describe('flags and title styles', () => {
  it('given flags as numbers, numeric strings, names or a comma list, then one sorted set; an unknown flag is no set', () => {
    given<unknown[]>([[3, '1', 'HOT'], '4, 1,,1', 2, 'top,bogus', { top: 1 }])
      .when((inputs) => inputs.map(parseFlags))
      .then((sets) => expect(sets).toEqual([[1, 2, 3], [1, 4], [2], null, null]));
  });

  it('given a title style, then a colour and/or bold pass and nothing else', () => {
    given(['#FF0000 bold', ' bold ', '', '#ff0000', 'red', '#ff0000;background:url(x)', 'bold #ff0000'])
      .when((styles) => styles.map((s) => TITLE_STYLE_PATTERN.test(normaliseTitleStyle(s))))
      .then((passed) => expect(passed).toEqual([true, true, true, true, false, false, false]));
  });
});
