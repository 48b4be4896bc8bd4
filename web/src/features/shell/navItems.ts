import { EXTERNAL_LINKS } from '../../lib/links';

export interface NavLinkItem {
  label: string;
  to: string;
  external?: boolean;
}

export interface NavGroup {
  label: string;
  items: NavLinkItem[];
}

export const DIGITAL_ASSETS: NavGroup = {
  label: 'Digital Assets',
  items: [
    { label: 'Nurse Help Me (Game)', to: '/games/nurse-help-me' },
    { label: 'HAIC Token', to: '/haic-token' },
    { label: 'NFT Art', to: '/nft-art' },
  ],
};

export const LEARN_MORE: NavGroup = {
  label: 'Learn More',
  items: [
    { label: 'Nurse Help Me (Site)', to: EXTERNAL_LINKS.nurseHelpMeSite, external: true },
    { label: 'About HAIC', to: '/about-haic' },
    { label: 'Meet the Team', to: '/team' },
    { label: 'Whitepaper', to: '/whitepaper' },
  ],
};

export const MEDICAL: NavLinkItem = { label: 'Medical Professionals', to: '/medical-professionals' };
export const CONTACT: NavLinkItem = { label: 'Contact', to: '/contact' };
