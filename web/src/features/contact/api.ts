import { api } from '../../lib/api';
import type { ContactInput } from '@haic/contract';

/** POST api/contact with name, email, subject, message. */
export function sendContactMessage(values: ContactInput) {
  return api.post<unknown>('api/contact', values);
}
