import { DisclaimerContent } from '../features/marketing';

export default function DisclaimerPage() {
  return <DisclaimerContent />;
}
