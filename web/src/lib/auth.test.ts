import { act, renderHook } from '@testing-library/react';
import { clearSessions, getAuth, isAdminLoggedIn, isWebUserLoggedIn, setAdminSession, setWebSession, useAuth } from './auth';

const webUser = { id: 5, username: 'jane', email: 'jane@example.com', createdDate: '2026-02-01T00:00:00Z' };
const adminUser = { id: '0', email: 'boss', name: 'boss', role: 'Admin' };

beforeEach(() => clearSessions());

it('keeps the web session under userAuthToken and currentWebUser', () => {
  setWebSession('jwt-1', webUser);
  expect(localStorage.getItem('userAuthToken')).toBe('jwt-1');
  expect(JSON.parse(localStorage.getItem('currentWebUser')!)).toEqual(webUser);
  expect(isWebUserLoggedIn()).toBe(true);
  expect(isAdminLoggedIn()).toBe(false);
});

it('counts as admin only with a token and the Admin role', () => {
  setAdminSession('jwt-2', { ...adminUser, role: 'Editor' });
  expect(isAdminLoggedIn()).toBe(false);
  setAdminSession('jwt-2', adminUser);
  expect(isAdminLoggedIn()).toBe(true);
  expect(localStorage.getItem('authToken')).toBe('jwt-2');
});

it('clears all four auth items and both user states, and leaves game data alone', () => {
  localStorage.setItem('nurseHelpMeHighScore', '900');
  setWebSession('jwt-1', webUser);
  setAdminSession('jwt-2', adminUser);
  clearSessions();
  for (const key of ['authToken', 'currentUser', 'userAuthToken', 'currentWebUser']) expect(localStorage.getItem(key)).toBeNull();
  expect(getAuth()).toEqual({ adminToken: null, adminUser: null, userToken: null, webUser: null });
  expect(localStorage.getItem('nurseHelpMeHighScore')).toBe('900');
});

it('re-renders subscribers when the session changes', () => {
  const { result } = renderHook(() => useAuth());
  expect(result.current.webUser).toBeNull();
  act(() => setWebSession('jwt-1', webUser));
  expect(result.current.webUser?.username).toBe('jane');
  act(() => clearSessions());
  expect(result.current.webUser).toBeNull();
});

it('treats a corrupt stored user as signed out', () => {
  localStorage.setItem('userAuthToken', 'jwt');
  localStorage.setItem('currentWebUser', '{not json');
  window.dispatchEvent(new StorageEvent('storage', { key: 'currentWebUser' }));
  expect(isWebUserLoggedIn()).toBe(false);
});
