import { useCallback, useEffect, useState } from 'react';
import type { WalletBadges, WalletChallenge, WalletLinkRequest, WalletStatus } from '@haic/contract';
import { ApiError } from '../../lib/api';
import { walletApi } from './api';
import { WalletProviderError, signInBrowserWallet, type BrowserWallet } from './providers';

export const WALLET_TEXTS = {
  linkFailed: 'Failed to link your wallet. Please try again.',
  unlinkConfirm: 'Unlink your XRPL wallet from this account? Your wallet badges go until you link a wallet again.',
  unlinkFailed: 'Failed to unlink your wallet. Please try again.',
  visibilityFailed: 'Failed to change who sees your address. Please try again.',
  challengeFailed: 'Failed to get a message to sign. Please try again.',
};

type Busy = BrowserWallet | 'challenge' | 'link' | 'unlink' | 'visibility' | null;

/** What the server said (a refusal names its reason: "This wallet is already linked to another account"), else `fallback`. */
export const failureText = (error: unknown, fallback: string) =>
  error instanceof WalletProviderError
    ? error.message
    : (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.serverMessage) || fallback;

/** What others see beside the player's name, from the owner's view of the link. */
export const badgesOfStatus = (status: WalletStatus | null): WalletBadges =>
  status?.address
    ? {
        walletVerified: true,
        ...(status.holder === undefined ? {} : { holder: status.holder }),
        ...(status.addressPublic ? { walletAddress: status.address } : {}),
      }
    : { walletVerified: false };

/**
 * The owner's XRPL wallet link: its status (null while it loads), linking through a browser wallet or by hand
 * (`manual`: the challenge whose text the player signs elsewhere), showing the address, unlinking.
 */
export function useWalletLink(userId: number | string | undefined) {
  const [status, setStatus] = useState<WalletStatus | null>(null);
  const [manual, setManual] = useState<WalletChallenge | null>(null);
  const [busy, setBusy] = useState<Busy>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (userId === undefined) return;
    const controller = new AbortController();
    walletApi
      .status(userId, controller.signal)
      .then(setStatus)
      .catch((failure) => {
        if ((failure as Error).name !== 'AbortError') console.error('Could not load the wallet link', failure);
      });
    return () => controller.abort();
  }, [userId]);

  /** Runs one action at a time; its failure shows as the section's error. */
  const run = useCallback(
    async (what: Exclude<Busy, null>, action: () => Promise<void>, fallback: string) => {
      if (userId === undefined || busy) return;
      setBusy(what);
      setError(null);
      try {
        await action();
      } catch (failure) {
        console.error(`Wallet: ${what} failed`, failure);
        setError(failureText(failure, fallback));
      } finally {
        setBusy(null);
      }
    },
    [userId, busy],
  );

  const linkWith = (wallet: BrowserWallet) =>
    run(
      wallet,
      async () => {
        const { message } = await walletApi.challenge(userId!);
        setStatus(await walletApi.link(userId!, await signInBrowserWallet(wallet, message)));
        setManual(null);
      },
      WALLET_TEXTS.linkFailed,
    );

  const startManual = () => run('challenge', async () => setManual(await walletApi.challenge(userId!)), WALLET_TEXTS.challengeFailed);

  /** The hand-signed link; a refusal is thrown to the form (which shows a named field's message by the field). */
  const linkByHand = async (signed: WalletLinkRequest) => {
    setError(null);
    const linked = await walletApi.link(userId!, signed);
    setStatus(linked);
    setManual(null);
  };

  const unlink = () => {
    if (!window.confirm(WALLET_TEXTS.unlinkConfirm)) return;
    return run(
      'unlink',
      async () => {
        await walletApi.unlink(userId!);
        setStatus({ address: null, verifiedAt: null, addressPublic: false });
      },
      WALLET_TEXTS.unlinkFailed,
    );
  };

  /** Shown at once (the switch follows the click), put back if the server refuses. */
  const setPublic = (addressPublic: boolean) => {
    const before = status;
    return run(
      'visibility',
      async () => {
        if (before) setStatus({ ...before, addressPublic });
        try {
          setStatus(await walletApi.setPublic(userId!, addressPublic));
        } catch (failure) {
          setStatus(before);
          throw failure;
        }
      },
      WALLET_TEXTS.visibilityFailed,
    );
  };

  return { status, manual, busy, error, linkWith, startManual, cancelManual: () => setManual(null), linkByHand, unlink, setPublic };
}

export type WalletLink = ReturnType<typeof useWalletLink>;
