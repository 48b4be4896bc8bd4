import { Link, useLocation } from 'react-router-dom';
import { PageShell } from '../ui/PageShell';

export default function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <PageShell noindex title="Page Not Found" heading="Page not found">
      <div className="card">
        <p>
          There is no page at <code>{pathname}</code>. It may have moved, or the link may be mistyped.
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
