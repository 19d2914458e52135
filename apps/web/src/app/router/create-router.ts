import { createBrowserRouter } from 'react-router';
import { bindNavigator } from '@/shared/lib/navigation';
import { routes } from './routes';

/** The browser router; non-React code (HTTP client, session store) navigates through it. */
export function createAppRouter() {
  const router = createBrowserRouter(routes);
  bindNavigator((to, options) => void router.navigate(to, options));
  return router;
}
