import { createRoot } from 'react-dom/client';
import { Message, Notification } from '@arco-design/web-react';
import '@arco-design/web-react/dist/css/arco.css';
import 'nprogress/nprogress.css';
import './styles/global.css';
import { setLangLoaders } from '@/lang';
import { configureRequest } from '@/api/request';
import { routerBridge } from '@/router/bridge';
import { RootStore, type Notifier } from '@/stores/root';
import { StoreProvider } from '@/stores/context';
import { App } from './App';
import { reloadPageForNewBuild } from '@/utils/chunkReload';
import { routeOauthReturn } from '@/features/oauth/oauthReturn';

// A chunk of an older build is gone (a new build was deployed): load the new one (once; see chunkReload).
window.addEventListener('vite:preloadError', () => {
  reloadPageForNewBuild();
});

// the index of the page language files is a chunk of its own, fetched when a page file is first needed
setLangLoaders(() => import('@/lang/loaders').then((m) => m.langLoaders));
// back from a third-party sign-in (`/?oauth_callback=1&code&state`): to its callback page
routeOauthReturn();

const notify: Notifier = (type, message) => {
  if (type === 'success') Message.success(message);
  else if (type === 'error') Notification.error({ content: message, closable: true, duration: 4000 });
  else if (type === 'warning') Notification.warning({ content: message, closable: true });
  else Message.info(message);
};

const root = new RootStore({ notify, languages: navigator.languages });

configureRequest({
  getLang: () => root.config.lang,
  getToken: (kind) => (kind === 'admin' ? root.adminInfo.token : root.userInfo.token),
  getRefreshToken: (kind) => (kind === 'admin' ? root.adminInfo.refreshToken : root.userInfo.refreshToken),
  setTokens: (kind, token, refreshToken) => {
    const info = kind === 'admin' ? root.adminInfo : root.userInfo;
    info.setToken(token, 'auth');
    if (refreshToken !== undefined) info.setToken(refreshToken, 'refresh');
  },
  removeToken: (kind) => (kind === 'admin' ? root.adminInfo.removeToken() : root.userInfo.removeToken()),
  notify: (type, message) => notify(type, message),
  isOnline: () => navigator.onLine,
});

routerBridge.setNameResolver((name) => root.navTabs.findByName(name)?.path);

root.config.applyLang().finally(() => {
  createRoot(document.getElementById('root')!).render(
    <StoreProvider value={root}>
      <App />
    </StoreProvider>,
  );
});
