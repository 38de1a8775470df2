import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider, theme } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { useEffect } from 'react';
import { BrowserRouter } from 'react-router';
import { useSession } from '../store/session';
import { Shell } from './Shell';
import { useReducedMotion } from './reduced-motion';
import { resumeSession, startTokenRefresh, ui } from '../store/session-flow';

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
});

/** Lets code outside React (the HTTP layer) show antd messages with the app's theme. */
function MessageBridge() {
  const { message } = AntApp.useApp();
  useEffect(() => {
    ui.error = (text) => void message.error(text);
  }, [message]);
  return null;
}

export function App() {
  const language = useSession((state) => state.language);
  const colorPrimary = useSession((state) => state.colorName);
  const reducedMotion = useReducedMotion();
  useEffect(() => startTokenRefresh(), []);
  // A reload refetches the user, permissions and menu; a new tab restores the session first.
  useEffect(() => void resumeSession(), []);
  return (
    <ConfigProvider
      locale={language === 'en-US' ? enUS : zhCN}
      theme={{
        algorithm: theme.defaultAlgorithm,
        token: { colorPrimary, borderRadius: 6, motion: !reducedMotion },
      }}
    >
      <AntApp>
        <MessageBridge />
        <QueryClientProvider client={queryClient}>
          <BrowserRouter>
            <Shell />
          </BrowserRouter>
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
