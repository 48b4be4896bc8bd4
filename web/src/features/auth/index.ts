// Loaded by the shell and the router on every page: keep it light. The forms are in './forms'.
export { RequireWebUser, RedirectWebUser, RequireAdmin } from './guards';
export { useLogout } from './useLogout';
