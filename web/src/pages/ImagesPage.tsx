import { PageShell } from '../ui/PageShell';

export default function ImagesPage() {
  return (
    <PageShell title="Images" heading="Images">
      <p className="card">Images from the HAIC community will appear here soon.</p>
    </PageShell>
  );
}
