import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider, type RouteObject } from 'react-router-dom';
import { routes } from './routes';
import './styles/global.css';

/**
 * The server rendered this page with its route's module loaded: load the same modules before
 * hydrating, so the first client render is the server's HTML and not a loading state.
 */
async function loadMatchedRoutes(tree: RouteObject[]) {
  const matches = matchRoutes(tree, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (!route.lazy) return;
      const loaded = await (route.lazy as () => Promise<Partial<RouteObject>>)();
      Object.assign(route, loaded, { lazy: undefined });
    }),
  );
}

async function start() {
  const container = document.getElementById('root')!;
  // The server leaves a comment there when it could not render (no server bundle).
  const serverRendered = container.firstElementChild !== null;
  if (serverRendered) await loadMatchedRoutes(routes);
  const router = createBrowserRouter(routes, serverRendered ? { hydrationData: { loaderData: {}, actionData: null, errors: null } } : {});
  const app = (
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>
  );
  // As a transition, hydration yields to the browser every few milliseconds instead of holding
  // the main thread for one long task (input stays responsive on slow phones).
  if (serverRendered) startTransition(() => void hydrateRoot(container, app));
  else createRoot(container).render(app);
}

void start();
