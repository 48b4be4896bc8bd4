/**
 * Auth state for both sign-in populations (site admins and web users), kept in
 * localStorage under the site's keys (lib/storage). The shell, the guards and the REST client all read it
 * from here; React components subscribe with useAuth().
 */
import type { PublicUser } from '@haic/contract';
import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS, readJson } from './storage';

interface AdminUser {
  id: string;
  email: string;
  name: string;
  role: string;
}

/** The signed-in site user as stored: the API's user, whose id an older session may hold as text. */
export interface WebUser extends Omit<PublicUser, 'id'> {
  id: PublicUser['id'] | string;
}

export interface AuthSnapshot {
  adminToken: string | null;
  adminUser: AdminUser | null;
  userToken: string | null;
  webUser: WebUser | null;
}

const ADMIN_ROLE = 'Admin';

const listeners = new Set<() => void>();

/** What the server renders (it has no browser storage) and what hydration starts from. */
const SIGNED_OUT: AuthSnapshot = { adminToken: null, adminUser: null, userToken: null, webUser: null };

const hasStorage = () => typeof localStorage !== 'undefined';

let snapshot: AuthSnapshot = read();

function read(): AuthSnapshot {
  if (!hasStorage()) return SIGNED_OUT;
  return {
    adminToken: localStorage.getItem(STORAGE_KEYS.adminToken),
    adminUser: readJson<AdminUser>(STORAGE_KEYS.adminUser),
    userToken: localStorage.getItem(STORAGE_KEYS.userToken),
    webUser: readJson<WebUser>(STORAGE_KEYS.webUser),
  };
}

function changed() {
  snapshot = read();
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// Another tab signing in or out updates this one too.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === null || (Object.values(STORAGE_KEYS) as string[]).includes(event.key)) changed();
  });
}

export const getAuth = (): AuthSnapshot => snapshot;

/** The signed-in state; signed out on the server and while hydrating, then the stored one. */
export function useAuth(): AuthSnapshot {
  return useSyncExternalStore(subscribe, getAuth, () => SIGNED_OUT);
}

export const isWebUserLoggedIn = (auth: AuthSnapshot = snapshot) => !!auth.userToken && !!auth.webUser;

export const isAdminLoggedIn = (auth: AuthSnapshot = snapshot) => !!auth.adminToken && auth.adminUser?.role === ADMIN_ROLE;

export function setAdminSession(token: string, user: AdminUser) {
  localStorage.setItem(STORAGE_KEYS.adminToken, token);
  localStorage.setItem(STORAGE_KEYS.adminUser, JSON.stringify(user));
  changed();
}

export function setWebSession(token: string, user: WebUser) {
  localStorage.setItem(STORAGE_KEYS.userToken, token);
  localStorage.setItem(STORAGE_KEYS.webUser, JSON.stringify(user));
  changed();
}

/** Clears all four auth items and both user states. */
export function clearSessions() {
  localStorage.removeItem(STORAGE_KEYS.adminToken);
  localStorage.removeItem(STORAGE_KEYS.adminUser);
  localStorage.removeItem(STORAGE_KEYS.userToken);
  localStorage.removeItem(STORAGE_KEYS.webUser);
  changed();
}
