import { Link, useLocation } from 'react-router-dom';
import { useHydrated } from '../lib/hydration';
import { PageShell } from '../ui/PageShell';

export default function NotFoundPage() {
  const { pathname } = useLocation();
  // The server sends one 404 page for every unknown address, so the address itself is filled in by the browser.
  const hydrated = useHydrated();
  return (
    <PageShell noindex title="Page Not Found" heading="Page not found">
      <div className="card">
        <p>
          {hydrated ? (
            <>
              There is no page at <code>{pathname}</code>.
            </>
          ) : (
            'There is no page at this address.'
          )}{' '}
          It may have moved, or the link may be mistyped.
        </p>
        <p>
          <Link to="/" className="button button-primary">
            Back to Home
          </Link>
        </p>
      </div>
    </PageShell>
  );
}
