import { NurseHelpMeGame } from '../features/game';
import { PageShell } from '../ui/PageShell';

export default function GamePage() {
  return (
    <PageShell
      title="Nurse Help Me"
      heading="Nurse Help Me"
      subtitle="Help the nurse dodge the viruses and reach her patients, level after level, in this platform game."
    >
      <NurseHelpMeGame />
    </PageShell>
  );
}
