import { PageShell } from '../ui/PageShell';

export default function AboutPage() {
  return (
    <PageShell title="About" heading="About">
      <p className="card">More about the HAIC project will appear here soon.</p>
    </PageShell>
  );
}
