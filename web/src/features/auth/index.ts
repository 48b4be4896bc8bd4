export { RequireWebUser, RedirectWebUser, RequireAdmin } from './guards';
export { useLogout } from './useLogout';
