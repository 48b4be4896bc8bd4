/** The HAIC mascot, shown on About HAIC and Team. */
export const MASCOT = {
  name: 'Haicy',
  role: 'Nurse bot and community mascot',
  text: 'Haicy is a friendly nurse robot with a heart-monitor smile. She is the hero of the Nurse Help Me game, greets newcomers in our community chat and stands for what HAIC is about: technology that helps carers, not replaces them.',
} as const;
