import { useParams } from 'react-router-dom';
import { RunView } from '../features/runs';

export default function RunPage() {
  const { id = '' } = useParams();
  return <RunView key={id} id={id} />;
}
