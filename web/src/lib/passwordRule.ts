/**
 * The password rule as a yup field, for every form that sets a password (sign-up, a new password):
 * the contract's passwordProblem, so the words and the order of the checks are the server's.
 * Imported only by the lazily loaded form schemas (it brings yup).
 */
import * as yup from 'yup';
import { passwordProblem } from '@haic/contract';

export const passwordRule = (label: string) =>
  yup
    .string()
    .defined()
    .test('password-rule', function check(value) {
      const problem = passwordProblem(value ?? '', label);
      return problem ? this.createError({ message: problem }) : true;
    });
