import { PageShell } from '../ui/PageShell';

export default function ContactPage() {
  return <PageShell title="Contact" heading="Contact Us" />;
}
