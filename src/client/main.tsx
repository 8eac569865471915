import './lib/zod-config.ts';
import { useIsRestoring } from '@tanstack/react-query';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, type CSSProperties } from 'react';
import { createRoot } from 'react-dom/client';
import { Toaster } from 'sonner';
import { FullPageSpinner } from './components/ui/Spinner.tsx';
import { followSessionOfOtherTabs } from './data/session.ts';
import { persistOptions, queryClient } from './lib/query-client.ts';
import { registerServiceWorker } from './lib/service-worker.ts';
import { router } from './router.tsx';
import './styles.css';

/** The router starts once the saved query cache (the last known user) is back, so guards see it. */
function App() {
  return useIsRestoring() ? <FullPageSpinner /> : <RouterProvider router={router} />;
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <PersistQueryClientProvider client={queryClient} persistOptions={persistOptions}>
      <App />
      {/*
        Top right, covering no control: on a tablet or desktop a narrower toast sits in the top bar just
        left of its controls (layout/use-toast-clearance.ts measures them), over empty bar; on a phone it
        spans the width over the page title, above the actions that wrap under it.
      */}
      <Toaster
        position="top-right"
        visibleToasts={20}
        duration={4000}
        offset={{ top: 6, right: 'var(--top-bar-actions, 16px)' }}
        mobileOffset={{ top: 72 }}
        style={{ '--width': 'min(320px, calc(100vw - var(--top-bar-actions, 16px) - 72px))' } as CSSProperties}
        richColors
        closeButton
      />
    </PersistQueryClientProvider>
  </StrictMode>,
);

followSessionOfOtherTabs(queryClient);
registerServiceWorker();
