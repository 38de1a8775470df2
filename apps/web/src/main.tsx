import { STARTUP_LOADING_MS } from '@aos/contract/rules';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { setupHttp } from './app/session-flow';
import { setupI18n } from './i18n';
import { useSession } from './store/session';
import './styles.css';

// The runtime config script has run (index.html); the loading screen stays for a second (spec §9 Startup).
const started = performance.now();
setupI18n(useSession.getState().language);
setupHttp();
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
setTimeout(
  () => {
    const boot = document.getElementById('boot');
    if (!boot) return;
    boot.classList.add('boot--done');
    setTimeout(() => boot.remove(), 300);
  },
  Math.max(0, STARTUP_LOADING_MS - (performance.now() - started)),
);
