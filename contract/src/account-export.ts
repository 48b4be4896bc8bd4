/**
 * GET /api/users/export: everything the site holds about the signed-in person, as one JSON file
 * (GDPR access and portability). These keys, exactly, in this order; never a password hash, a token,
 * a secret or another person's data.
 */
import type { ExportedWallet } from './wallet';

/** The account itself. */
export interface ExportedAccount {
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  bio: string;
  /** ISO date-time the account was created. */
  createdDate: string;
}

/** A chat account linked to the site account (today only Telegram). */
export interface ExportedChatAccount {
  service: 'telegram';
  username: string | null;
}

/** One game run of the account, newest first. */
export interface ExportedRun {
  playedDate: string;
  score: number;
  level: number;
  /** Seconds. */
  timeElapsed: number;
  bonusPoints: number;
  totalPoints: number;
  /** The server replayed the run and it ranks on the leaderboard. */
  verified: boolean;
}

/** A message sent through the contact form from the account's email address, newest first. */
export interface ExportedContactMessage {
  sentDate: string;
  name: string;
  email: string;
  subject: string;
  message: string;
}

export interface AccountExport {
  exportedAt: string;
  account: ExportedAccount;
  chatAccounts: ExportedChatAccount[];
  /** The XRPL account linked by its signature, or null. */
  xrplWallet: ExportedWallet | null;
  gameRuns: ExportedRun[];
  contactMessages: ExportedContactMessage[];
}

/** The keys of each part, in the order the file holds them (the server writes them from these lists). */
export const ACCOUNT_EXPORT_KEYS = {
  root: ['exportedAt', 'account', 'chatAccounts', 'xrplWallet', 'gameRuns', 'contactMessages'],
  account: ['username', 'email', 'firstName', 'lastName', 'bio', 'createdDate'],
  chatAccount: ['service', 'username'],
  xrplWallet: ['address', 'verifiedAt', 'addressPublic', 'holderBalance', 'holderCheckedAt'],
  gameRun: ['playedDate', 'score', 'level', 'timeElapsed', 'bonusPoints', 'totalPoints', 'verified'],
  contactMessage: ['sentDate', 'name', 'email', 'subject', 'message'],
} as const satisfies {
  root: readonly (keyof AccountExport)[];
  account: readonly (keyof ExportedAccount)[];
  chatAccount: readonly (keyof ExportedChatAccount)[];
  xrplWallet: readonly (keyof ExportedWallet)[];
  gameRun: readonly (keyof ExportedRun)[];
  contactMessage: readonly (keyof ExportedContactMessage)[];
};

/** The download's file name for a day: haic-my-data-2026-11-26.json. */
export const accountExportFileName = (at: Date) => `haic-my-data-${at.toISOString().slice(0, 10)}.json`;

/** The account routes: a new password, a copy of the data, leaving (the site's client and the server's routes name the same paths). */
export const ACCOUNT_PATHS = {
  changePassword: '/api/users/password',
  exportData: '/api/users/export',
  deleteAccount: '/api/users/delete-account',
} as const;
