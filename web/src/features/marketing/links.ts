import { EXTERNAL_LINKS } from '../../lib/links';

export { EXTERNAL_LINKS };

interface ExchangeLink {
  name: string;
  url: string;
  description: string;
}

/** The six places where XRP Ledger tokens such as HAIC can be traded. */
export const EXCHANGES: ExchangeLink[] = [
  { name: 'Sologenic DEX', url: 'https://sologenic.org/trade', description: 'Order-book trading on the XRP Ledger DEX.' },
  { name: 'XPMarket', url: 'https://xpmarket.com/dex', description: 'XRPL DEX, AMM pools and token analytics.' },
  { name: 'FirstLedger', url: 'https://firstledger.net', description: 'Launchpad and swaps for XRPL tokens.' },
  { name: 'Magnetic', url: 'https://xmagnetic.org', description: 'Community DEX and AMM for the XRP Ledger.' },
  { name: 'XRP Toolkit', url: 'https://www.xrptoolkit.com', description: 'Browser trading with hardware wallet support.' },
  { name: 'Xaman DEX', url: 'https://xaman.app', description: 'Trade straight from the Xaman wallet app.' },
];

/** Where to look HAIC up and follow its market. */
export const TOKEN_LINKS = {
  chartPage: 'https://dexscreener.com/xrpl/haic-xrp',
  chartEmbed: 'https://dexscreener.com/xrpl/haic-xrp?embed=1&theme=dark&trades=0&info=0',
  // A small image on the chart's host, fetched to learn whether the embed can load at all.
  chartProbe: 'https://dexscreener.com/favicon.ico',
  explorer: 'https://xrpscan.com/tokens',
  ledger: 'https://xrpl.org',
} as const;

export const WALLET_LINKS = {
  xaman: 'https://xaman.app',
  appStore: 'https://apps.apple.com/app/xaman/id1492302343',
  googlePlay: 'https://play.google.com/store/apps/details?id=com.xrpllabs.xumm',
} as const;

/** Project media under web/public/media (made for this site, no outside hosts). */
export const MEDIA = {
  hero: { webm: '/media/hero.webm', mp4: '/media/hero.mp4', poster: '/media/hero-poster.webp' },
  nft: { webm: '/media/nft.webm', mp4: '/media/nft.mp4', poster: '/media/nft-poster.webp' },
  mascot: '/media/mascot.svg',
} as const;
