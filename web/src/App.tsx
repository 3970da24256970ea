import { observer } from 'mobx-react-lite';
import { ConfigProvider } from '@arco-design/web-react';
import zhCN from '@arco-design/web-react/es/locale/zh-CN';
import enUS from '@arco-design/web-react/es/locale/en-US';
import { HashRouter } from 'react-router-dom';
import { useStore } from '@/stores/context';
import { AppRoutes } from '@/router';

export const App = observer(function App() {
  const { config } = useStore();
  return (
    <ConfigProvider locale={config.lang === 'en' ? enUS : zhCN}>
      <HashRouter>
        <AppRoutes />
      </HashRouter>
    </ConfigProvider>
  );
});

export default App;
