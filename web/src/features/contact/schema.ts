import * as yup from 'yup';

/** Same pattern as the server's check (cms/src/api/contact-message/validation.ts). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Spec section 5: '{Field} is required', '{Field} is too short', 'Please enter a valid email address'. */
export const contactSchema = yup.object({
  name: yup.string().trim().required('Name is required').min(2, 'Name is too short'),
  email: yup.string().trim().required('Email is required').matches(EMAIL_PATTERN, { message: 'Please enter a valid email address', excludeEmptyString: true }),
  subject: yup.string().trim().required('Subject is required').min(5, 'Subject is too short'),
  message: yup.string().trim().required('Message is required').min(10, 'Message is too short'),
});

export type ContactValues = yup.InferType<typeof contactSchema>;

export const CONTACT_FIELDS = ['name', 'email', 'subject', 'message'] as const;
