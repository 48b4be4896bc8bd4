import { Link } from 'react-router-dom';
import { Placeholder } from '../features/marketing';

export default function LeaderboardPage() {
  return (
    <Placeholder title="Leaderboard" icon="chart" text="Leaderboard and stats will appear here.">
      <Link to="/games/nurse-help-me" className="button button-primary">
        Play Nurse Help Me
      </Link>
    </Placeholder>
  );
}
