import { ContactSection } from '../features/contact';
import { PageShell } from '../ui/PageShell';

export default function ContactPage() {
  return (
    <PageShell title="Contact" heading="Contact Us" subtitle="Questions about HAIC, partnerships or Nurse Help Me? Send us a message.">
      <ContactSection />
    </PageShell>
  );
}
