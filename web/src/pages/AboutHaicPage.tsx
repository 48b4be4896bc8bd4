import { PageShell } from '../ui/PageShell';

export default function AboutHaicPage() {
  return <PageShell title="About HAIC" heading="About HAIC" />;
}
