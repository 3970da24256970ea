import { createHash } from 'node:crypto';
import { apiTokenHash, apiTokenPrefix, apiTokenState, isApiToken, lastUseDue, newApiToken, rulesBeyond, tokenNodes, tokenRuleIds, API_TOKEN_PATTERN } from './api-token';

describe('API tokens', () => {
  it('are wms_ and 40 letters and digits, each new one different, kept as their sha256', () => {
    const tokens = Array.from({ length: 50 }, newApiToken);
    for (const token of tokens) expect(token).toMatch(API_TOKEN_PATTERN);
    expect(new Set(tokens).size).toBe(50);
    expect(isApiToken(tokens[0])).toBe(true);
    expect(isApiToken('eyJhbGciOi.jwt')).toBe(false);
    expect(apiTokenHash(tokens[0])).toBe(createHash('sha256').update(tokens[0]).digest('hex'));
    expect(apiTokenPrefix(tokens[0])).toBe(tokens[0].slice(0, 8));
  });

  it('given a status and an expiry, then a token is valid, expired or disabled at a time', () => {
    expect(apiTokenState({ status: 1, expire_time: null }, 1000)).toBe('valid');
    expect(apiTokenState({ status: 1, expire_time: 0 }, 1000)).toBe('valid');
    expect(apiTokenState({ status: 1, expire_time: 1001 }, 1000)).toBe('valid');
    expect(apiTokenState({ status: 1, expire_time: 1000 }, 1000)).toBe('expired');
    expect(apiTokenState({ status: 0, expire_time: 999 }, 1000)).toBe('disabled');
  });

  it("grants the nodes both the token and its admin hold; a super admin's token exactly its own", () => {
    const own = new Set(['wms/stock/index', 'wms/inbound/add']);
    expect(tokenNodes(new Set(['wms/stock/index', 'wms/outbound/add']), false, own)).toEqual(new Set(['wms/stock/index']));
    expect(tokenNodes(new Set(), true, own)).toEqual(own);
    expect(tokenNodes(new Set(['wms/stock/index']), false, new Set())).toEqual(new Set());
  });

  it('records its last use at most once a minute', () => {
    expect(lastUseDue(null, 1000)).toBe(true);
    expect(lastUseDue(950, 1000)).toBe(false);
    expect(lastUseDue(940, 1000)).toBe(true);
  });

  it('reads its rule ids and names those beyond what an admin holds', () => {
    expect(tokenRuleIds('3, 7,x,,-1,9')).toEqual([3, 7, 9]);
    expect(tokenRuleIds(null)).toEqual([]);
    expect(rulesBeyond([3, 7, 9], new Set([3, 9]))).toEqual([7]);
  });
});
