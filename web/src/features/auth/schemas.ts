/**
 * The register and sign-in rules of spec section 5 with its exact messages. The server enforces the
 * same register rules with the same words (cms/src/utils/account-rules.ts).
 */
import * as yup from 'yup';

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const STRONG_PASSWORD = /^(?=.*[A-Z])(?=.*[a-z])(?=.*\d)(?=.*[!@#$%^&*(),.?":{}|<>]).*$/;

export interface RegisterValues {
  username: string;
  email: string;
  password: string;
  confirmPassword: string;
  agreeToTerms: boolean;
}

export const registerSchema: yup.ObjectSchema<RegisterValues> = yup.object({
  username: yup
    .string()
    .required('Username is required')
    .min(3, 'Username must be at least 3 characters')
    .max(50, 'Username must be no more than 50 characters'),
  email: yup
    .string()
    .required('Email is required')
    .max(254, 'Email must be no more than 254 characters')
    .matches(EMAIL_PATTERN, 'Please enter a valid email address'),
  password: yup
    .string()
    .required('Password is required')
    .min(8, 'Password must be at least 8 characters')
    .max(128, 'Password must be no more than 128 characters')
    .matches(STRONG_PASSWORD, 'Password must contain uppercase, lowercase, number, and special character'),
  confirmPassword: yup
    .string()
    .required('Confirm Password is required')
    // A test rather than oneOf: yup checks oneOf before required, which would hide the required message.
    .test('matches-password', 'Passwords do not match', function matches(value) {
      return value === this.parent.password;
    }),
  agreeToTerms: yup.boolean().required('You must agree to the terms').oneOf([true], 'You must agree to the terms'),
});

export interface SignInValues {
  username: string;
  password: string;
  rememberMe: boolean;
}

export const signInSchema: yup.ObjectSchema<SignInValues> = yup.object({
  username: yup.string().required('Username is required'),
  password: yup.string().required('Password is required'),
  rememberMe: yup.boolean().required(),
});
