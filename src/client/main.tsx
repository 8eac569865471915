import { useIsRestoring } from '@tanstack/react-query';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
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
        Top right, clear of the header controls: on a tablet below the page header's actions (64px top
        bar, 24px padding, 56px title and subtitle), on a phone over the page title, above the actions
        that wrap under it.
      */}
      <Toaster
        position="top-right"
        visibleToasts={20}
        duration={4000}
        offset={{ top: 152 }}
        mobileOffset={{ top: 72 }}
        richColors
        closeButton
      />
    </PersistQueryClientProvider>
  </StrictMode>,
);

followSessionOfOtherTabs(queryClient);
registerServiceWorker();
