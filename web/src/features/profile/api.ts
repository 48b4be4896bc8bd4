import {
  ACCOUNT_PATHS,
  accountExportFileName,
  telegramNoticesPath,
  type ChangePasswordRequest,
  type GameHistoryPage,
  type LinkingCode,
  type OkResponse,
  type Profile,
  type SignInResponse,
  type TelegramLinkStatus,
  type TelegramNoticesStatus,
  type UserStats,
} from '@haic/contract';
import { api } from '../../lib/api';

export type { GameHistoryPage, Profile };

export type ChangePasswordValues = Required<ChangePasswordRequest>;

export interface DeleteAccountValues {
  password: string;
}

const user = (id: number | string) => `/api/users/${encodeURIComponent(String(id))}`;

export const profileApi = {
  stats: (id: number | string, signal?: AbortSignal) => api.get<UserStats>(`${user(id)}/stats`, signal),
  telegramLink: (id: number | string, signal?: AbortSignal) => api.get<TelegramLinkStatus>(`${user(id)}/telegram-link`, signal),
  generateLinkingCode: (id: number | string) => api.post<LinkingCode>(`${user(id)}/generate-linking-code`),
  unlinkTelegram: (id: number | string) => api.post<unknown>(`${user(id)}/unlink-telegram`),
  /** The bot's notices (someone takes your place in this week's top 10, a season ends): on or off. */
  setTelegramNotices: (id: number | string, enabled: boolean) => api.put<TelegramNoticesStatus>(telegramNoticesPath(id), { enabled }),
  getProfile: (signal?: AbortSignal) => api.get<Profile>('/api/users/profile', signal),
  updateProfile: (profile: Profile) => api.put<unknown>('/api/users/profile', profile),
  gameHistory: (id: number | string, pageNumber: number, pageSize: number, signal?: AbortSignal) =>
    api.get<GameHistoryPage>(`${user(id)}/game-history?pageNumber=${pageNumber}&pageSize=${pageSize}`, signal),
  /** Answers a fresh token: every earlier one (this browser's too) no longer works. */
  changePassword: (values: ChangePasswordValues) => api.put<SignInResponse>(ACCOUNT_PATHS.changePassword, values),
  exportData: () => api.download(ACCOUNT_PATHS.exportData, accountExportFileName(new Date())),
  deleteAccount: (values: DeleteAccountValues) => api.post<OkResponse>(ACCOUNT_PATHS.deleteAccount, values),
};
