import { given } from '../../../shared/testing/given-when-then';
import { assertCommentAuditStatus, COMMENT_MAX, COMMENT_STATUS, commentText } from './comment';

describe('a comment as it is stored', () => {
  it('given text with CRLF line breaks, control characters and spaces around it, then plain trimmed text with \\n breaks', () => {
    given(' \u0007Nice\r\narticle\u0000!\r  ')
      .when(commentText)
      .then((text) => expect(text).toBe('Nice\narticle!'));
  });

  it('given HTML, then it is kept as text (it is escaped wherever it is shown, never sanitised into markup)', () => {
    given('<b>bold</b> <script>x()</script>')
      .when(commentText)
      .then((text) => expect(text).toBe('<b>bold</b> <script>x()</script>'));
  });

  it('given nothing but spaces and control characters, or no text at all, then the comment is refused as empty', () => {
    given('  \u0001\t ').when(commentText).thenRefused('cms.comment_empty');
    given<unknown>(42).when(commentText).thenRefused('cms.comment_empty');
  });

  it('given 1000 characters (Chinese characters and emoji count one each), then it passes; 1001 is too long', () => {
    given('评'.repeat(COMMENT_MAX - 1) + '😀')
      .when(commentText)
      .then((text) => expect([...text]).toHaveLength(COMMENT_MAX));
    given('评'.repeat(COMMENT_MAX + 1))
      .when(commentText)
      .thenRefused('cms.comment_too_long', { max: COMMENT_MAX });
  });

  it('given an audit of comments, then it may only show or refuse them', () => {
    given(COMMENT_STATUS.normal).when(assertCommentAuditStatus).then((result) => expect(result).toBeUndefined());
    given(COMMENT_STATUS.refused).when(assertCommentAuditStatus).then((result) => expect(result).toBeUndefined());
    given(COMMENT_STATUS.unaudited).when(assertCommentAuditStatus).thenRefused('cms.comment_audit_invalid');
  });
});
