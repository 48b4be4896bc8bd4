import { WhitepaperContent } from '../features/marketing';

export default function WhitepaperPage() {
  return <WhitepaperContent />;
}
