/** The profile forms' rules: the contract's limits with its messages (the server checks the same). */
import * as yup from 'yup';
import { ACCOUNT_LABELS, ACCOUNT_MESSAGES, BIO_MAX, NAME_MAX, PASSWORD_MAX } from '@haic/contract';
import { passwordRule } from '../../lib/passwordRule';
import type { ChangePasswordValues, DeleteAccountValues, Profile } from './api';

const limited = (field: 'firstName' | 'lastName' | 'bio', max: number) => yup.string().defined().max(max, ACCOUNT_MESSAGES.max(ACCOUNT_LABELS[field], max));

export const profileSchema: yup.ObjectSchema<Profile> = yup.object({
  firstName: limited('firstName', NAME_MAX),
  lastName: limited('lastName', NAME_MAX),
  bio: limited('bio', BIO_MAX),
});

/** A password the server compares with the stored one: present, and no longer than any password can be. */
const existingPassword = (label: string) =>
  yup.string().defined().required(ACCOUNT_MESSAGES.required(label)).max(PASSWORD_MAX, ACCOUNT_MESSAGES.max(label, PASSWORD_MAX));

/** Change password: the new one under the sign-up rule, confirmed. */
export const changePasswordSchema: yup.ObjectSchema<ChangePasswordValues> = yup.object({
  currentPassword: existingPassword(ACCOUNT_LABELS.currentPassword),
  newPassword: passwordRule(ACCOUNT_LABELS.newPassword),
  confirmPassword: yup
    .string()
    .defined()
    .required(ACCOUNT_MESSAGES.required(ACCOUNT_LABELS.confirmPassword))
    .test('matches-password', ACCOUNT_MESSAGES.passwordsDiffer, function matches(value) {
      return value === this.parent.newPassword;
    }),
});

/** Delete account: the password, asked again. */
export const deleteAccountSchema: yup.ObjectSchema<DeleteAccountValues> = yup.object({
  password: existingPassword(ACCOUNT_LABELS.password),
});
