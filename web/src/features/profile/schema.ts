/** The profile form's rules: the contract's limits with its messages (the server checks the same). */
import * as yup from 'yup';
import { ACCOUNT_LABELS, ACCOUNT_MESSAGES, BIO_MAX, NAME_MAX } from '@haic/contract';
import type { Profile } from './api';

const limited = (field: 'firstName' | 'lastName' | 'bio', max: number) =>
  yup.string().defined().max(max, ACCOUNT_MESSAGES.max(ACCOUNT_LABELS[field], max));

export const profileSchema: yup.ObjectSchema<Profile> = yup.object({
  firstName: limited('firstName', NAME_MAX),
  lastName: limited('lastName', NAME_MAX),
  bio: limited('bio', BIO_MAX),
});
