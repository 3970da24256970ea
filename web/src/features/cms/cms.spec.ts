import { isObservable } from 'mobx';
import { auditTargets } from '@/pages/admin/cms/content/AuditDialog';
import { isAllowedHref } from '@/components/RichText/links';
import { PagedListStore } from '@/stores/pagedList';
import { targetAttr, titleStyle } from './options';

describe('content helpers of the web app', () => {
  it('draws a title style only from a colour and/or bold', () => {
    expect(titleStyle('#ff0000 bold')).toEqual({ color: '#ff0000', fontWeight: 600 });
    expect(titleStyle('bold')).toEqual({ fontWeight: 600 });
    expect(titleStyle('red; background:url(x)')).toEqual({});
    expect(titleStyle(null)).toEqual({});
  });

  it('maps link targets and offers the audits the server allows', () => {
    expect([1, 2, 3, 4, 9].map(targetAttr)).toEqual(['_blank', '_self', '_top', '_parent', '_self']);
    expect(auditTargets(0)).toEqual([1, 2]);
    expect(auditTargets(1)).toEqual([3]);
    expect(auditTargets(2)).toEqual([1]);
    expect(auditTargets(3)).toEqual([1]);
  });

  it('links only to http(s), mailto and site paths from the editor', () => {
    expect(isAllowedHref('https://example.com')).toBe(true);
    expect(isAllowedHref('/storage/a.png')).toBe(true);
    expect(isAllowedHref('javascript:alert(1)')).toBe(false);
    expect(isAllowedHref('//evil.example')).toBe(false);
  });

  it('pages a list, also in a store that extends it', async () => {
    class Comments extends PagedListStore<{ id: number }> {
      extra = 1;
    }
    const calls: Array<[number, number]> = [];
    const store = new Comments(async (page, limit) => {
      calls.push([page, limit]);
      return { code: 1, msg: '', time: 0, data: { list: [{ id: page }], total: 21 } };
    }, 20);
    expect(isObservable(store)).toBe(true);
    await store.load(2);
    expect(calls).toEqual([[2, 20]]);
    expect(store).toMatchObject({ page: 2, total: 21, loading: false, list: [{ id: 2 }] });
    const failing = new PagedListStore(() => Promise.reject({ msg: 'nope' }));
    await failing.load(1);
    expect(failing).toMatchObject({ loading: false, error: 'nope' });
  });
});
