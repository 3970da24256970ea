/**
 * The comments of one content item: the shown ones (texts rendered as text, never as HTML), paged, and the
 * form — for members, or for visitors where the content's comment group is `all` (with the click captcha
 * when the site asks for it). A new comment shows once an admin has approved it.
 */
import { useEffect, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { action, makeObservable, observable, runInAction } from 'mobx';
import { Alert, Button, Empty, Input, Pagination } from '@arco-design/web-react';
import type { SiteComment } from '@contract/cms';
import { ClickCaptcha } from '@/components/ClickCaptcha';
import { useT } from '@/lang';
import { useStore } from '@/stores/context';
import { PagedListStore } from '@/stores/pagedList';
import { timeFormat } from '@/utils/time';
import { getCheckIn } from '@/api/member';
import { cmsApi } from '@/api/cms';
import { MemberCenterLink } from '@/features/modules/MemberCenterLink';

const LIMIT = 20;

function newId(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(16).slice(2)}`;
}

export class CommentBoxStore extends PagedListStore<SiteComment> {
  text = '';
  nickname = '';
  sending = false;
  captchaRequired = false;
  captchaId = newId();
  captchaOpen = false;

  constructor(readonly contentId: number) {
    super((page, limit) => cmsApi.comments(contentId, page, limit), LIMIT);
    makeObservable(this, {
      text: observable,
      nickname: observable,
      sending: observable,
      captchaRequired: observable,
      captchaId: observable,
      captchaOpen: observable,
      checkCaptcha: action.bound,
      setText: action.bound,
      setNickname: action.bound,
      setCaptchaOpen: action.bound,
      send: action.bound,
    });
  }

  async checkCaptcha() {
    try {
      const res = await getCheckIn();
      runInAction(() => (this.captchaRequired = Boolean(res.data.captcha)));
    } catch {
      // the server says so again when the comment is sent
    }
  }

  setText(value: string) {
    this.text = value;
  }

  setNickname(value: string) {
    this.nickname = value;
  }

  setCaptchaOpen(open: boolean) {
    this.captchaOpen = open;
  }

  async send(visitor: boolean, captchaInfo?: string): Promise<boolean> {
    if (visitor && this.captchaRequired && !captchaInfo) {
      this.captchaOpen = true;
      return false;
    }
    this.sending = true;
    try {
      await cmsApi.postComment({
        content_id: this.contentId,
        content: this.text,
        ...(visitor ? { nickname: this.nickname } : {}),
        ...(captchaInfo ? { captchaId: this.captchaId, captchaInfo } : {}),
      });
      runInAction(() => {
        this.text = '';
        this.sending = false;
        this.captchaId = newId();
      });
      return true;
    } catch {
      runInAction(() => {
        this.sending = false;
        this.captchaId = newId();
      });
      return false;
    }
  }
}

export const CommentBox = observer(function CommentBox({ contentId, commentGroup }: { contentId: number; commentGroup: number }) {
  const t = useT();
  const { userInfo } = useStore();
  const [store] = useState(() => new CommentBoxStore(contentId));
  const visitor = !userInfo.isLogin;
  useEffect(() => {
    void store.load(1);
    if (visitor) void store.checkCaptcha();
  }, [store, visitor]);
  return (
    <section className="ba-site-section" data-testid="comments">
      <h3>
        {t('cmsText.site.commentsTitle')} ({store.total})
      </h3>
      {store.list.length ? (
        store.list.map((comment) => (
          <div key={comment.id} className="ba-comment" data-testid="comment">
            <div className="ba-comment-head">
              <span className="ba-comment-author">{comment.author || t('cmsText.site.visitor')}</span>
              <span>{timeFormat(comment.createtime)}</span>
            </div>
            <p className="ba-comment-text">{comment.content}</p>
          </div>
        ))
      ) : (
        <Empty description={t('cmsText.site.noComments')} />
      )}
      {store.total > LIMIT ? <Pagination style={{ marginTop: 8 }} current={store.page} pageSize={LIMIT} total={store.total} onChange={(p) => void store.load(p)} simple /> : null}
      {commentGroup === 0 ? (
        <Alert style={{ marginTop: 12 }} type="info" content={t('cmsText.site.commentsOff')} />
      ) : commentGroup === 2 && visitor ? (
        <Alert
          style={{ marginTop: 12 }}
          type="info"
          content={t('cmsText.site.loginToComment')}
          action={
            <MemberCenterLink to="/user/login" size="mini" type="primary">
              {t('cmsText.site.signIn')}
            </MemberCenterLink>
          }
        />
      ) : (
        <div className="ba-comment-form">
          {visitor ? <Input value={store.nickname} onChange={store.setNickname} maxLength={30} placeholder={t('cmsText.site.nickname')} /> : null}
          <Input.TextArea
            value={store.text}
            onChange={store.setText}
            maxLength={1000}
            showWordLimit
            autoSize={{ minRows: 3, maxRows: 8 }}
            placeholder={t('cmsText.site.commentPlaceholder')}
            data-testid="comment-text"
          />
          <div>
            <Button type="primary" loading={store.sending} disabled={!store.text.trim()} onClick={() => void store.send(visitor)} data-testid="comment-submit">
              {t('cmsText.site.post')}
            </Button>
          </div>
          <ClickCaptcha
            visible={store.captchaOpen}
            uuid={store.captchaId}
            onCancel={() => store.setCaptchaOpen(false)}
            onSuccess={(info) => {
              store.setCaptchaOpen(false);
              void store.send(visitor, info);
            }}
          />
        </div>
      )}
    </section>
  );
});
