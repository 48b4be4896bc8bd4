// The sign-up and sign-in forms (with their validation libraries): loaded only by their pages.
export { RegisterForm } from './RegisterForm';
export { SignInForm } from './SignInForm';
