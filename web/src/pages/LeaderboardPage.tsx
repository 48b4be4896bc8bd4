import { Leaderboard } from '../features/leaderboard';
import { PageShell } from '../ui/PageShell';

export default function LeaderboardPage() {
  return (
    <PageShell title="Leaderboard" heading="Leaderboard" subtitle="The best verified Nurse Help Me! runs">
      <Leaderboard />
    </PageShell>
  );
}
