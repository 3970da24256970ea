import { createHmac } from 'node:crypto';
import { accepted, dingTalkSign, messageBody, render, signedUrl, unknownVariables, variablesOf } from './robot-message';

describe('robot messages', () => {
  it('signs a DingTalk request as its documentation says: base64 HMAC-SHA256 of "timestamp\\nsecret", URL-encoded', () => {
    const expected = createHmac('sha256', 'SEC123').update('1700000000000\nSEC123').digest('base64');
    expect(decodeURIComponent(dingTalkSign('SEC123', 1700000000000))).toBe(expected);
    expect(dingTalkSign('SEC123', 1700000000000)).not.toMatch(/[+/=]/);
  });

  it('puts timestamp and sign into a DingTalk URL only (and only with a secret)', () => {
    expect(signedUrl(1, 'https://oapi.dingtalk.com/robot/send?access_token=a', 's', 5)).toBe(`https://oapi.dingtalk.com/robot/send?access_token=a&timestamp=5&sign=${dingTalkSign('s', 5)}`);
    expect(signedUrl(1, 'https://x/send', '', 5)).toBe('https://x/send');
    expect(signedUrl(2, 'https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=k', 's', 5)).toBe('https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=k');
  });

  it('renders the variables it knows and leaves the others as written', () => {
    expect(render('{product_name} below {safety_stock} {nope}', { product_name: 'Tea', safety_stock: 5 })).toBe('Tea below 5 {nope}');
    expect(render('{constructor}{__proto__}', {})).toBe('{constructor}{__proto__}');
  });

  it('knows the variables of each event', () => {
    expect(variablesOf('stock.low')).toEqual(['site_name', 'time', 'product_name', 'product_no', 'stock', 'safety_stock']);
    expect(unknownVariables('stock.low', '{stock} {url} {url}')).toEqual(['url']);
  });

  it('builds each robot markdown message and reads its answer', () => {
    expect(JSON.parse(messageBody(1, 'T', 'C'))).toEqual({ msgtype: 'markdown', markdown: { title: 'T', text: '### T\n\nC' } });
    expect(JSON.parse(messageBody(2, 'T', 'C'))).toEqual({ msgtype: 'markdown', markdown: { content: '### T\nC' } });
    expect(accepted(200, { errcode: 0, errmsg: 'ok' })).toBe(true);
    expect(accepted(200, { errcode: 310000, errmsg: 'sign not match' })).toBe(false);
    expect(accepted(500, { errcode: 0 })).toBe(false);
    expect(accepted(200, null)).toBe(false);
  });
});
