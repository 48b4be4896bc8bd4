import { PageShell } from '../ui/PageShell';

export default function GameHistoryPage() {
  return <PageShell title="Game History" heading="Game History" />;
}
