import { STARTUP_LOADING_MS } from '@aos/contract/rules';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { setupHttp } from './store/session-flow';
import { setupI18n } from './i18n';
import { useSession } from './store/session';
import './styles.css';

declare global {
  interface Window {
    /** index.html's start-up screen: `started()` answers false once it shows a failure to load */
    __AOS_BOOT__?: { started(): boolean };
  }
}

// The runtime config script has run (index.html); the loading screen stays for a second (spec §9 Startup).
const started = performance.now();
// The bundle arrived: the start-up screen stops waiting for it. Had a file of it failed, the screen keeps
// saying so (with its retry) rather than showing a console with a piece missing.
const bootFailed = window.__AOS_BOOT__?.started() === false;
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
    if (!boot || bootFailed) return;
    boot.classList.add('boot--done');
    setTimeout(() => boot.remove(), 300);
  },
  Math.max(0, STARTUP_LOADING_MS - (performance.now() - started)),
);
