/** The XRPL wallet feature: the profile's wallet section and its state, and the badges beside players' names. */
export { WalletSection, NEVER_ASKED } from './WalletSection';
export { WalletBadges, BADGE_TEXTS } from './WalletBadges';
export { useWalletLink, badgesOfStatus } from './useWalletLink';
