export { ContactForm, CONTACT_SUCCESS, CONTACT_RECEIVED, CONTACT_FAILURE } from './ContactForm';
export { ContactInfo } from './ContactInfo';
export { ContactSection } from './ContactSection';
