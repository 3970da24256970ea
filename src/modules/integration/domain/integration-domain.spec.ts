import { afterAttempt, GIVE_UP_AFTER, retryPause } from './delivery-schedule';
import { newWebhookSecret, signatureMatches, signatureOf } from './signature';
import { eventsColumn, subscribedEvents } from './subscriptions';

describe('the delivery schedule', () => {
  it('given failed attempts, then the pauses double from the first one and never exceed an hour', () => {
    expect([1, 2, 3, 4, 5].map((n) => retryPause(n, 10))).toEqual([10, 20, 40, 80, 160]);
    expect(retryPause(12, 10)).toBe(3600);
    expect(retryPause(500, 10)).toBe(3600);
  });

  it('given a delivered attempt, then it is delivered whatever came before', () => {
    expect(afterAttempt(true, 7, 1000, 900, 10)).toEqual({ delivered: true });
  });

  it('given a first failed attempt, then the 24 hours start with it and the next attempt is the first pause later', () => {
    expect(afterAttempt(false, 1, 0, 1000, 10)).toEqual({ delivered: false, retryAt: 1010, deadline: 1000 + GIVE_UP_AFTER });
  });

  it('given a failure whose next attempt would come after the 24 hours, then it gives up', () => {
    const deadline = 1000 + GIVE_UP_AFTER;
    expect(afterAttempt(false, 30, deadline, deadline - 100, 10)).toEqual({ delivered: false, gaveUp: true, deadline });
    expect(afterAttempt(false, 30, deadline, deadline - 3600, 10)).toEqual({ delivered: false, retryAt: deadline, deadline });
  });
});

describe('signatures', () => {
  it('signs "<timestamp>.<body>" with HMAC-SHA256 and checks in constant time', () => {
    // RFC 4231-style known answer: HMAC-SHA256(key "secret", "1700000000.{}")
    expect(signatureOf('secret', 1700000000, '{}')).toBe(`sha256=${require('node:crypto').createHmac('sha256', 'secret').update('1700000000.{}').digest('hex')}`);
    const header = signatureOf('secret', 1700000000, '{"a":1}');
    expect(signatureMatches('secret', '1700000000', '{"a":1}', header)).toBe(true);
    expect(signatureMatches('secret', '1700000001', '{"a":1}', header)).toBe(false);
    expect(signatureMatches('other', '1700000000', '{"a":1}', header)).toBe(false);
    expect(signatureMatches('secret', '1700000000', '{"a":2}', header)).toBe(false);
    expect(signatureMatches('secret', '1700000000', '{"a":1}', 'sha256=zz')).toBe(false);
  });

  it('makes secrets that differ', () => {
    expect(newWebhookSecret()).toMatch(/^whsec_[\w-]{43}$/);
    expect(newWebhookSecret()).not.toBe(newWebhookSecret());
  });
});

describe('subscriptions', () => {
  it('given the types a form sent, then the column keeps the known ones in catalogue order, or names an unknown one', () => {
    expect(eventsColumn(['stock.changed', 'inbound.audited'])).toEqual({ value: 'inbound.audited,stock.changed' });
    expect(eventsColumn(['stock.changed', 'stock.moved'])).toEqual({ unknown: 'stock.moved' });
    expect(eventsColumn([])).toEqual({ value: '' });
    expect(subscribedEvents('stock.changed,webhook.test,inbound.audited')).toEqual(['inbound.audited', 'stock.changed']);
    expect(subscribedEvents(null)).toEqual([]);
  });
});
