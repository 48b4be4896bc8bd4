// Every outside address the site links to, in one place.
export const EXTERNAL_LINKS = {
  nurseHelpMeSite: 'https://nursehelpme.com',
  telegram: 'https://t.me/HAICtoken',
  x: 'https://x.com/HAICtoken',
  website: 'https://haictoken.com',
} as const;
