import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
// The API client module also wires the session store's calls (get_current_user, logout).
import '@/shared/lib/api-client';
import { bootstrapSession, installSessionMirror } from '@/shared/lib/session/session-store';
import { AppProviders } from './providers';
import { createAppRouter } from './router/create-router';
import './global.css';

dayjs.locale('zh-cn');

// Before the router exists: a `?token=` is saved and stripped, so the router starts on the clean URL.
bootstrapSession();
installSessionMirror();
const router = createAppRouter();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
