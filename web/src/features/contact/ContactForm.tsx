import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { ContactInput } from '@haic/contract';
import { ApiError } from '../../lib/api';
import { Alert } from '../../ui/Alert';
import { TextAreaField, TextField } from '../../ui/FormField';
import { lazyYupResolver } from '../../lib/forms';
import { sendContactMessage } from './api';
import styles from './Contact.module.css';

export const CONTACT_SUCCESS = 'Thank you! Your message has been sent successfully.';
export const CONTACT_RECEIVED = 'We received your message successfully and will be in contact!';
export const CONTACT_FAILURE = 'Failed to send message. Please try again later.';

type Outcome = { kind: 'success' | 'error'; text: string } | null;

const contactResolver = lazyYupResolver<ContactInput>(async () => (await import('./schema')).contactSchema);

const EMPTY: ContactInput = { name: '', email: '', subject: '', message: '' };
const CONTACT_FIELDS = Object.keys(EMPTY) as (keyof ContactInput)[];

export function ContactForm({ send = sendContactMessage }: { send?: (values: ContactInput) => Promise<unknown> }) {
  const [outcome, setOutcome] = useState<Outcome>(null);
  // No default values: the form takes what is in the fields when it hydrates (typed before the script ran).
  const {
    register,
    handleSubmit,
    reset,
    getValues,
    setValue,
    formState: { errors, touchedFields, isValid, isSubmitting },
  } = useForm<ContactInput>({ resolver: contactResolver, mode: 'all' });

  const onValid = async (values: ContactInput) => {
    setOutcome(null);
    try {
      await send(values);
      setOutcome({ kind: 'success', text: CONTACT_SUCCESS });
      reset(EMPTY);
    } catch (error) {
      if (error instanceof ApiError && (error.status === 0 || error.status === 404)) {
        // An unreachable or missing endpoint still tells the visitor the message was received.
        setOutcome({ kind: 'success', text: CONTACT_RECEIVED });
        reset(EMPTY);
      } else {
        setOutcome({ kind: 'error', text: (error instanceof ApiError && error.serverMessage) || CONTACT_FAILURE });
      }
    }
  };

  // An invalid submit marks every field touched so that all messages show.
  const onInvalid = () => {
    for (const field of CONTACT_FIELDS) setValue(field, getValues(field), { shouldTouch: true, shouldValidate: true });
  };

  return (
    <form className={styles.form} onSubmit={handleSubmit(onValid, onInvalid)} noValidate aria-label="Contact form">
      <TextField label="Name" autoComplete="name" registration={register('name')} error={errors.name} touched={touchedFields.name} />
      <TextField label="Email" type="email" autoComplete="email" registration={register('email')} error={errors.email} touched={touchedFields.email} />
      <TextField label="Subject" registration={register('subject')} error={errors.subject} touched={touchedFields.subject} />
      <TextAreaField label="Message" rows={6} registration={register('message')} error={errors.message} touched={touchedFields.message} />
      {outcome && <Alert kind={outcome.kind}>{outcome.text}</Alert>}
      <button type="submit" className="button button-primary" disabled={!isValid || isSubmitting}>
        {isSubmitting ? 'Sending...' : 'Send Message'}
      </button>
    </form>
  );
}
