import { HomeContent } from '../features/marketing';

export default function HomePage() {
  return <HomeContent />;
}
