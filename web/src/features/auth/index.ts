export { RequireWebUser, RedirectWebUser, RequireAdmin } from './guards';
export { useLogout } from './useLogout';
export { RegisterForm } from './RegisterForm';
export { SignInForm } from './SignInForm';
