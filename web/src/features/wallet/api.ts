import type { WalletChallenge, WalletLinkRequest, WalletStatus, WalletVisibilityRequest } from '@haic/contract';
import { api } from '../../lib/api';

const wallet = (id: number | string) => `/api/users/${encodeURIComponent(String(id))}/wallet`;

/** The owner's XRPL wallet link (the REST client adds the token and the XSRF header). */
export const walletApi = {
  status: (id: number | string, signal?: AbortSignal) => api.get<WalletStatus>(wallet(id), signal),
  challenge: (id: number | string) => api.post<WalletChallenge>(`${wallet(id)}/challenge`),
  link: (id: number | string, signed: WalletLinkRequest) => api.post<WalletStatus>(wallet(id), signed),
  setPublic: (id: number | string, addressPublic: boolean) => api.put<WalletStatus>(wallet(id), { addressPublic } satisfies WalletVisibilityRequest),
  unlink: (id: number | string) => api.del<null>(wallet(id)),
};
