/**
 * One-time codes that link a web user to a Telegram chat.
 * A code is 8 characters from an alphabet without look-alikes (no 0/O, 1/I/L), drawn with
 * crypto.randomInt: 31^8 ≈ 8.5e11 possibilities, short enough to type. It is valid for
 * LINKING_CODE_TTL_SECONDS (default 600 = 10 minutes), single use, and a new code replaces the
 * user's earlier ones. No code is issued while the user is linked.
 */
import crypto from 'crypto';
import type { Core } from '@strapi/strapi';
import { LINKING_CODE_ALPHABET, LINKING_CODE_LENGTH, type LinkingCode, type TelegramLink } from '@haic/contract';
import { setting } from '../../../utils/settings';

const CODE = 'api::linking-code.linking-code';
const USER = 'plugin::users-permissions.user';
export const LINK_COMMAND = '/link';

const linkingCodeTtlSeconds = () => setting('LINKING_CODE_TTL_SECONDS');

export const botName = () => (setting('TELEGRAM_BOT_NAME') || 'HAICLinkBot').replace(/^@/, '');

function newCode(): string {
  let code = '';
  for (let i = 0; i < LINKING_CODE_LENGTH; i++) code += LINKING_CODE_ALPHABET[crypto.randomInt(LINKING_CODE_ALPHABET.length)];
  return code;
}

/** What a user types: tolerant of case, spaces and dashes. */
const normaliseCode = (input: string) => input.toUpperCase().replace(/[\s-]/g, '');

interface TelegramAccount {
  id: number | string;
  username?: string | null;
}

type RedeemResult = { kind: 'linked'; username: string } | { kind: 'invalid' } | { kind: 'chat-taken' };

const createLinkingCodeService = ({ strapi }: { strapi: Core.Strapi }) => {
  const codes = () => strapi.db.query(CODE);
  const users = () => strapi.db.query(USER);

  return {
    async linkStatus(userId: number): Promise<TelegramLink> {
      const user = await users().findOne({ where: { id: userId }, select: ['telegramId', 'telegramUsername'] });
      const isLinked = !!user?.telegramId;
      return { isLinked, telegramUsername: isLinked ? (user.telegramUsername ?? null) : null };
    },

    /** A fresh code, or null when the user is already linked (the caller answers 409). */
    async generate(userId: number): Promise<LinkingCode | null> {
      if ((await this.linkStatus(userId)).isLinked) return null;
      await codes().deleteMany({ where: { user: { id: userId } } });
      const expiresAt = new Date(Date.now() + linkingCodeTtlSeconds() * 1000);
      for (let attempt = 0; ; attempt++) {
        const code = newCode();
        if (await codes().count({ where: { code } })) {
          if (attempt < 5) continue;
          throw new Error('could not draw an unused linking code');
        }
        await codes().create({ data: { code, expiresAt, user: userId } });
        return { linkingCode: code, expiresAt: expiresAt.toISOString(), botName: botName(), command: LINK_COMMAND };
      }
    },

    async unlink(userId: number): Promise<TelegramLink> {
      await users().update({ where: { id: userId }, data: { telegramId: null, telegramUsername: null } });
      return { isLinked: false, telegramUsername: null };
    },

    /** Used by the bot: an unused, unexpired code links the chat's Telegram account to the code's user. */
    async redeem(input: string, account: TelegramAccount): Promise<RedeemResult> {
      const code = normaliseCode(input);
      if (!code || code.length > 16) return { kind: 'invalid' };
      const now = new Date();
      const found = await codes().findOne({
        where: { code, usedAt: { $null: true }, expiresAt: { $gt: now } },
        populate: { user: { select: ['id', 'username', 'telegramId'] } },
      });
      if (!found?.user) return { kind: 'invalid' };

      const telegramId = String(account.id);
      const other = await users().findOne({ where: { telegramId, id: { $ne: found.user.id } }, select: ['id'] });
      if (other) return { kind: 'chat-taken' };

      // Single use even under concurrent redemption: only the update that finds usedAt empty wins.
      const { count: claimed } = await codes().updateMany({ where: { id: found.id, usedAt: { $null: true } }, data: { usedAt: now } });
      if (!claimed) return { kind: 'invalid' };

      await users().update({
        where: { id: found.user.id },
        data: { telegramId, telegramUsername: account.username ?? null },
      });
      return { kind: 'linked', username: found.user.username };
    },
  };
};

export type LinkingCodeService = ReturnType<typeof createLinkingCodeService>;

export default createLinkingCodeService;
