import { GameHistory } from '../features/profile';
import { PageShell } from '../ui/PageShell';

export default function GameHistoryPage() {
  return (
    <PageShell noindex title="Game History" heading="Game History" subtitle="Your Nurse Help Me! gameplay records">
      <GameHistory />
    </PageShell>
  );
}
