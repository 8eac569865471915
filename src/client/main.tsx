import '#client/lib/zod-config.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { FullPageSpinner } from '#client/components/ui/Spinner.tsx';
import { appCode } from '#client/load-app.ts';
import { LoginWhileAppLoads } from '#client/LoginWhileAppLoads.tsx';
import { readToken } from '#client/lib/token.ts';
import '#client/styles.css';

const root = createRoot(document.getElementById('root')!);

/** The app's code is most of the JavaScript: it loads after this small script has drawn something. */
async function showApp() {
  const { App, loadFirstScreen } = await appCode();
  await loadFirstScreen();
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

if (location.pathname === '/login' && !readToken()) {
  root.render(
    <StrictMode>
      <LoginWhileAppLoads onSignedIn={() => void showApp()} />
    </StrictMode>,
  );
} else {
  root.render(<FullPageSpinner />);
  void showApp();
}

// Whichever screen shows first, once the page has loaded (its code is not needed to draw): the worker
// precaches the app for offline starts and makes /login installable.
window.addEventListener(
  'load',
  () => void import('#client/lib/service-worker.ts').then(({ registerServiceWorker }) => registerServiceWorker()),
  { once: true },
);
