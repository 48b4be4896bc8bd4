// The shell and the router use the guards and useLogout on every page; the forms are used by their own (lazy)
// pages only, and the bundler leaves them out of the shell's chunk (this package's modules have no side effects).
export { RequireWebUser, RedirectWebUser, RequireAdmin } from './guards';
export { useLogout } from './useLogout';
export { RegisterForm } from './RegisterForm';
export { SignInForm } from './SignInForm';
