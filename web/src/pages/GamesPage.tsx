import { Link } from 'react-router-dom';
import { Placeholder } from '../features/marketing';

export default function GamesPage() {
  return (
    <Placeholder title="Games" icon="game" text="Web games and integrations will appear here.">
      <Link to="/games/nurse-help-me" className="button button-primary">
        Play Nurse Help Me
      </Link>
    </Placeholder>
  );
}
