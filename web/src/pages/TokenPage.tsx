import { TokenContent } from '../features/marketing';

export default function TokenPage() {
  return <TokenContent />;
}
