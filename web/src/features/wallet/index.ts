/** The XRPL wallet feature: the profile's wallet section and its state, and the badges beside players' names. */
export { WalletSection } from './WalletSection';
export { WalletBadges } from './WalletBadges';
export { useWalletLink, badgesOfStatus } from './useWalletLink';
