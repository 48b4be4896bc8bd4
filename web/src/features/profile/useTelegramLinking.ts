import { useCallback, useEffect, useRef, useState } from 'react';
import { TELEGRAM_BOT_NAME } from '../../lib/env';
import { profileApi } from './api';

const COPY_CONFIRM_MS = 3000;
/** While a code is shown the link status is re-read, so linking from the chat shows up here. */
const LINK_POLL_MS = 3000;
const LINKING_TEXTS = {
  generateFailed: 'Failed to generate linking code. Please try again.',
  unlinkConfirm: 'Are you sure you want to unlink your Telegram account?',
  unlinkFailed: 'Failed to unlink Telegram account. Please try again.',
  noticesFailed: 'Failed to change the Telegram messages. Please try again.',
  copyFailed: (code: string) => `Failed to copy. Please copy manually: ${code}`,
};

interface ShownCode {
  code: string;
  expiresAt: number;
  botName: string;
}

/**
 * Chat linking states: not linked and no code -> code generated (mm:ss countdown)
 * -> expired (code cleared, 'Expired' shown) or linked; unlink returns to not linked.
 */
export function useTelegramLinking(userId: number | string | undefined) {
  const [isLinked, setIsLinked] = useState(false);
  const [telegramUsername, setTelegramUsername] = useState<string | null>(null);
  const [notices, setNotices] = useState(false);
  const [savingNotices, setSavingNotices] = useState(false);
  const [code, setCode] = useState<ShownCode | null>(null);
  const [expired, setExpired] = useState(false);
  const [generating, setGenerating] = useState(false);
  const [unlinking, setUnlinking] = useState(false);
  const [copied, setCopied] = useState(false);
  const [now, setNow] = useState(() => Date.now());
  const copyTimer = useRef<number>();

  const checkLink = useCallback(
    async (signal?: AbortSignal) => {
      if (userId === undefined) return;
      try {
        const status = await profileApi.telegramLink(userId, signal);
        setIsLinked(!!status.isLinked);
        setTelegramUsername(status.telegramUsername ?? null);
        setNotices(!!status.notices);
        if (status.isLinked) {
          setCode(null);
          setExpired(false);
        }
      } catch (error) {
        if ((error as Error).name !== 'AbortError') console.error('Could not check the Telegram link', error);
      }
    },
    [userId],
  );

  useEffect(() => {
    const controller = new AbortController();
    void checkLink(controller.signal);
    return () => controller.abort();
  }, [checkLink]);

  // The countdown ticks each second while a code is shown, and the code is cleared when it runs out.
  useEffect(() => {
    if (!code) return;
    setNow(Date.now());
    const tick = window.setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= code.expiresAt) {
        setCode(null);
        setExpired(true);
      }
    }, 250);
    const poll = window.setInterval(() => void checkLink(), LINK_POLL_MS);
    return () => {
      window.clearInterval(tick);
      window.clearInterval(poll);
    };
  }, [code, checkLink]);

  useEffect(() => () => window.clearTimeout(copyTimer.current), []);

  const copy = useCallback(async (text: string) => {
    try {
      if (!navigator.clipboard?.writeText) throw new Error('Clipboard not available');
      await navigator.clipboard.writeText(text);
      setCopied(true);
      window.clearTimeout(copyTimer.current);
      copyTimer.current = window.setTimeout(() => setCopied(false), COPY_CONFIRM_MS);
    } catch {
      window.alert(LINKING_TEXTS.copyFailed(text));
    }
  }, []);

  const generate = useCallback(async () => {
    if (userId === undefined || generating || isLinked) return;
    setGenerating(true);
    try {
      const response = await profileApi.generateLinkingCode(userId);
      const shown = { code: response.linkingCode, expiresAt: new Date(response.expiresAt).getTime(), botName: response.botName || TELEGRAM_BOT_NAME };
      setExpired(false);
      setCopied(false);
      setCode(shown);
      setGenerating(false);
      await copy(shown.code);
    } catch (error) {
      console.error('Could not generate a linking code', error);
      setGenerating(false);
      window.alert(LINKING_TEXTS.generateFailed);
      void checkLink();
    }
  }, [userId, generating, isLinked, copy, checkLink]);

  const unlink = useCallback(async () => {
    if (userId === undefined || !window.confirm(LINKING_TEXTS.unlinkConfirm)) return;
    setUnlinking(true);
    try {
      await profileApi.unlinkTelegram(userId);
      setIsLinked(false);
      setTelegramUsername(null);
      setNotices(false);
    } catch (error) {
      console.error('Could not unlink Telegram', error);
      window.alert(LINKING_TEXTS.unlinkFailed);
    } finally {
      setUnlinking(false);
    }
  }, [userId]);

  const switchNotices = useCallback(
    async (enabled: boolean) => {
      if (userId === undefined || !isLinked) return;
      setSavingNotices(true);
      try {
        setNotices((await profileApi.setTelegramNotices(userId, enabled)).notices);
      } catch (error) {
        console.error('Could not change the Telegram notices', error);
        window.alert(LINKING_TEXTS.noticesFailed);
      } finally {
        setSavingNotices(false);
      }
    },
    [userId, isLinked],
  );

  const secondsLeft = code ? Math.max(0, (code.expiresAt - now) / 1000) : 0;
  return {
    isLinked,
    telegramUsername,
    notices,
    savingNotices,
    code,
    expired,
    generating,
    unlinking,
    copied,
    secondsLeft,
    generate,
    unlink,
    copy,
    switchNotices,
  };
}
