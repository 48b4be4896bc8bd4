/**
 * Wallet links (api::wallet.wallet): an account proves an XRPL address by signing its challenge, one address
 * to one account and one account to one address (linking another replaces it). Everything a link needs is
 * checked before anything is stored: the fields' shapes, the address's checksum, that the public key derives
 * the address, the account's live challenge, the signature over it; then the challenge is used up and the
 * link stored in one transaction. A change of link (or of its visibility) purges the board and the runs'
 * cached copies, which show the badges.
 */
import type { Core } from '@strapi/strapi';
import type { Knex } from 'knex';
import { WALLET_CHALLENGE_TTL_SECONDS, walletLinkErrors, walletVisibilityErrors, type WalletChallenge, type WalletStatus } from '@haic/contract';
import { conflict, invalid, invalidField, notFound } from '../../../utils/api-error';
import { isUniqueViolation } from '../../../utils/db-errors';
import { challengeMessage, isClassicAddress, keyOwnsAddress, newNonce, signatureHolds } from '../challenge';
import { CHALLENGES_TABLE, LINKS_TABLE, linkOf, statusOf, type ChallengeRow } from '../wallet-store';
import { playersShownChanged } from '../../game-score/players-shown';
import { WALLET_SERVICE_IDS } from '../service-ids';
import type { HoldersService } from './holders';

export const WALLET_TEXTS = {
  takenAddress: 'This wallet is already linked to another account',
  noChallenge: 'There is no challenge waiting for this account: ask for a new one (each is used once)',
  expiredChallenge: `The challenge has expired: ask for a new one and sign it within ${WALLET_CHALLENGE_TTL_SECONDS / 60} minutes`,
  badChecksum: 'XRPL address is not a valid classic address (its checksum does not match)',
  notTheKeysAddress: 'This XRPL address is not the account of this public key (sign with the account’s master key)',
  badSignature: 'The signature does not sign this account’s challenge with this key',
  nothingLinked: 'No XRPL wallet is linked to this account',
};

export interface WalletService {
  challenge(userId: number): Promise<WalletChallenge>;
  link(userId: number, body: Record<string, unknown>): Promise<WalletStatus>;
  status(userId: number): Promise<WalletStatus>;
  setVisibility(userId: number, body: Record<string, unknown>): Promise<WalletStatus>;
  unlink(userId: number): Promise<void>;
}

export default ({ strapi }: { strapi: Core.Strapi }): WalletService => {
  const knex = (): Knex => strapi.db.connection;

  /** The account's live challenge: 400 naming `challenge` when there is none or it has expired (an expired one is dropped). */
  async function liveChallenge(userId: number, now: number): Promise<ChallengeRow> {
    const row: ChallengeRow | undefined = await knex()(CHALLENGES_TABLE).where({ user_id: userId }).first();
    if (!row) throw invalidField('challenge', WALLET_TEXTS.noChallenge);
    if (Number(row.expires_at) <= now) {
      await knex()(CHALLENGES_TABLE).where({ user_id: userId, nonce: row.nonce }).del();
      throw invalidField('challenge', WALLET_TEXTS.expiredChallenge);
    }
    return row;
  }

  const service: WalletService = {
    /** A new challenge for the account (its earlier one, if any, stops working). */
    async challenge(userId) {
      const issuedAt = Date.now();
      const times = { nonce: newNonce(), issuedAt, expiresAt: issuedAt + WALLET_CHALLENGE_TTL_SECONDS * 1000 };
      await knex().raw(
        `insert into ${CHALLENGES_TABLE} (user_id, nonce, issued_at, expires_at) values (?, ?, ?, ?)
         on conflict (user_id) do update set nonce = excluded.nonce, issued_at = excluded.issued_at, expires_at = excluded.expires_at`,
        [userId, times.nonce, times.issuedAt, times.expiresAt],
      );
      return { message: challengeMessage(times), expiresAt: new Date(times.expiresAt).toISOString() };
    },

    async link(userId, body) {
      const problems = walletLinkErrors(body);
      if (problems.length) throw invalid(problems);
      const address = body.address as string;
      const publicKey = body.publicKey as string;
      const signature = body.signature as string;
      if (!isClassicAddress(address)) throw invalidField('address', WALLET_TEXTS.badChecksum);
      if (!keyOwnsAddress(publicKey, address)) throw invalidField('address', WALLET_TEXTS.notTheKeysAddress);
      const now = Date.now();
      const challenge = await liveChallenge(userId, now);
      const times = { nonce: challenge.nonce, issuedAt: Number(challenge.issued_at), expiresAt: Number(challenge.expires_at) };
      if (!signatureHolds(challengeMessage(times), signature, publicKey)) throw invalidField('signature', WALLET_TEXTS.badSignature);
      // Only the owner of the address learns that another account holds it.
      const holder: { user_id: number | string } | undefined = await knex()(LINKS_TABLE).where({ address }).first('user_id');
      if (holder && Number(holder.user_id) !== userId) throw conflict(WALLET_TEXTS.takenAddress);

      let newAddress: boolean;
      try {
        newAddress = await strapi.db.transaction(async ({ trx }) => {
          // Used once, even by two requests at once: only the one whose delete finds it goes on.
          const used = await trx(CHALLENGES_TABLE).where({ user_id: userId, nonce: challenge.nonce }).del();
          if (!used) throw invalidField('challenge', WALLET_TEXTS.noChallenge);
          if ((await linkOf(trx, userId))?.address === address) {
            await trx(LINKS_TABLE).where({ user_id: userId }).update({ verified_at: now });
            return false;
          }
          // A new address starts private, its holder data unknown.
          await trx(LINKS_TABLE).where({ user_id: userId }).del();
          await trx(LINKS_TABLE).insert({
            user_id: userId,
            address,
            verified_at: now,
            address_public: false,
            holder_balance: null,
            holder_checked_at: null,
            holder_attempted_at: 0,
          });
          return true;
        });
      } catch (error) {
        // Two accounts linking one address at once: the unique index lets one in.
        if (isUniqueViolation(error)) throw conflict(WALLET_TEXTS.takenAddress);
        throw error;
      }
      if (newAddress) await playersShownChanged(strapi);
      (strapi.service(WALLET_SERVICE_IDS.holders) as HoldersService).checkNow(userId);
      return service.status(userId);
    },

    async status(userId) {
      return statusOf(await linkOf(knex(), userId));
    },

    async setVisibility(userId, body) {
      const problems = walletVisibilityErrors(body);
      if (problems.length) throw invalid(problems);
      const addressPublic = body.addressPublic as boolean;
      const row = await linkOf(knex(), userId);
      if (!row) throw notFound(WALLET_TEXTS.nothingLinked);
      if (Boolean(row.address_public) !== addressPublic) {
        await knex()(LINKS_TABLE).where({ user_id: userId }).update({ address_public: addressPublic });
        await playersShownChanged(strapi);
      }
      return service.status(userId);
    },

    async unlink(userId) {
      const removed = await knex()(LINKS_TABLE).where({ user_id: userId }).del();
      await knex()(CHALLENGES_TABLE).where({ user_id: userId }).del();
      if (removed) await playersShownChanged(strapi);
    },
  };
  return service;
};
