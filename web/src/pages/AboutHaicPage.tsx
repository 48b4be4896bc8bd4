import { AboutHaicContent } from '../features/marketing';

export default function AboutHaicPage() {
  return <AboutHaicContent />;
}
