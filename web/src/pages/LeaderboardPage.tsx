import { PageShell } from '../ui/PageShell';

export default function LeaderboardPage() {
  return (
    <PageShell title="Leaderboard" heading="Leaderboard">
      <p className="card">Leaderboard and stats will appear here.</p>
    </PageShell>
  );
}
