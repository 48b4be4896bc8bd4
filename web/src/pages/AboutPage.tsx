import { Link } from 'react-router-dom';
import { Placeholder } from '../features/marketing';

export default function AboutPage() {
  return (
    <Placeholder title="About" icon="layers" text="More about the HAIC project will appear here soon.">
      <Link to="/about-haic" className="button button-primary">
        About HAIC
      </Link>
      <Link to="/team" className="button button-secondary">
        Meet the Team
      </Link>
    </Placeholder>
  );
}
