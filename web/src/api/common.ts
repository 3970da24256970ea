import request, { refreshAccessToken, type AppKind } from './request';

export interface ClickCaptchaData {
  id: string;
  /** the targets to click, in order */
  text: string[];
  /** data:image/png;base64,… */
  base64: string;
  width: number;
  height: number;
}

export const clickCaptchaUrl = '/api/common/clickCaptcha';
export const checkClickCaptchaUrl = '/api/common/checkClickCaptcha';

/**
 * POST /api/common/refreshToken {refreshToken}: a new access token (and the rotated refresh token), stored by
 * the request layer. Concurrent callers share one call; the request layer uses the same function on code 409.
 */
export function refreshToken(kind?: AppKind): Promise<string> {
  return refreshAccessToken(kind);
}

/** GET /api/common/clickCaptcha?id= */
export function clickCaptcha(id: string) {
  return request<ClickCaptchaData>({ url: clickCaptchaUrl, method: 'get', params: { id } }, { showErrorMessage: false });
}

/** POST /api/common/checkClickCaptcha {id, info, unset}; info is "x1,y1-x2,y2;renderedWidth;renderedHeight". */
export function checkClickCaptcha(id: string, info: string, unset = false) {
  return request({ url: checkClickCaptchaUrl, method: 'post', data: { id, info, unset } }, { showErrorMessage: false });
}
