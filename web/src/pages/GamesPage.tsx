import { PageShell } from '../ui/PageShell';

export default function GamesPage() {
  return (
    <PageShell title="Games" heading="Games">
      <p className="card">Web games and integrations will appear here.</p>
    </PageShell>
  );
}
