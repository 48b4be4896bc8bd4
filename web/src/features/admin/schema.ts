/** The admin sign-in form's rules, with the messages the admin login page shows. */
import * as yup from 'yup';

export const adminLoginSchema = yup.object({
  username: yup.string().trim().required('Username is required'),
  password: yup.string().required('Password must be at least 6 characters').min(6, 'Password must be at least 6 characters'),
});
