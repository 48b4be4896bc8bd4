// Public face of the marketing feature: one content component per page.
export { HomeContent } from './HomeContent';
export { TokenContent } from './TokenContent';
export { AboutHaicContent } from './AboutHaicContent';
export { TeamContent } from './TeamContent';
export { WhitepaperContent } from './WhitepaperContent';
export { MedicalContent } from './MedicalContent';
export { NftArtContent } from './NftArtContent';
export { DisclaimerContent } from './DisclaimerContent';
export { Placeholder } from './Placeholder';
export { EXCHANGES } from './links';
