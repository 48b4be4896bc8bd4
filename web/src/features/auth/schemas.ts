/**
 * The register and sign-in rules with their exact messages, built from the shared
 * definitions in @haic/contract (the server checks the same rules with the same words).
 */
import * as yup from 'yup';
import { ACCOUNT_LABELS as L, ACCOUNT_MESSAGES as M, EMAIL_MAX, EMAIL_PATTERN, USERNAME_MAX, USERNAME_MIN } from '@haic/contract';
import { passwordRule } from '../../lib/passwordRule';

export interface RegisterValues {
  username: string;
  email: string;
  password: string;
  confirmPassword: string;
  agreeToTerms: boolean;
}

export const registerSchema: yup.ObjectSchema<RegisterValues> = yup.object({
  username: yup.string().required(M.required(L.username)).min(USERNAME_MIN, M.min(L.username, USERNAME_MIN)).max(USERNAME_MAX, M.max(L.username, USERNAME_MAX)),
  email: yup.string().required(M.required(L.email)).max(EMAIL_MAX, M.max(L.email, EMAIL_MAX)).matches(EMAIL_PATTERN, M.email),
  password: passwordRule(L.password),
  confirmPassword: yup
    .string()
    .required(M.required(L.confirmPassword))
    // A test rather than oneOf: yup checks oneOf before required, which would hide the required message.
    .test('matches-password', M.passwordsDiffer, function matches(value) {
      return value === this.parent.password;
    }),
  agreeToTerms: yup.boolean().required(M.terms).oneOf([true], M.terms),
});

export interface SignInValues {
  username: string;
  password: string;
  rememberMe: boolean;
}

export const signInSchema: yup.ObjectSchema<SignInValues> = yup.object({
  username: yup.string().required(M.required(L.username)),
  password: yup.string().required(M.required(L.password)),
  rememberMe: yup.boolean().required(),
});
