import { ContactForm } from './ContactForm';
import { ContactInfo } from './ContactInfo';
import styles from './Contact.module.css';

/** The contact page body: the message form beside the channels, address, hours and NDA note. */
export function ContactSection() {
  return (
    <div className={styles.layout}>
      <section className="card" aria-labelledby="contact-form-heading">
        <h2 id="contact-form-heading">Send us a message</h2>
        <ContactForm />
      </section>
      <ContactInfo />
    </div>
  );
}
