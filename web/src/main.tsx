import '@cloudscape-design/global-styles/index.css';
import { I18nProvider } from '@cloudscape-design/components/i18n';
import ptBR from '@cloudscape-design/components/i18n/messages/all.pt-BR';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { currentAbilities, currentUser } from './app/current-user';
import { takeFlash } from './app/flash';
import { notify } from './app/notifications/notify';
import { queryClient } from './api/query-client';
import { createAppRouter } from './app/router';
import { documentTitle } from './app/tenant';
import { loadTenantTheme } from './app/theme';

document.title = documentTitle();
void loadTenantTheme();

// A notice left by the previous page load (e.g. the expired-token 401) is shown once.
const flash = takeFlash();
if (flash) notify(flash);

const router = createAppRouter({ loggedIn: currentUser() !== null, abilities: currentAbilities() });

const container = document.getElementById('root');
if (!container) throw new Error('#root not found');
createRoot(container).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <I18nProvider locale="pt-BR" messages={[ptBR]}>
        <RouterProvider router={router} />
      </I18nProvider>
    </QueryClientProvider>
  </StrictMode>,
);
