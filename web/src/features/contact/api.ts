import { api } from '../../lib/api';
import type { ContactValues } from './schema';

/** Spec section 7: POST api/contact with name, email, subject, message. */
export function sendContactMessage(values: ContactValues) {
  return api.post<unknown>('api/contact', values);
}
