// The company behind HAIC: shown on About HAIC and Contact.
export const COMPANY = {
  name: 'HAIC Health Technologies LLC',
  street: '1325 J Street, Suite 1550',
  city: 'Sacramento, CA 95814',
  country: 'United States',
  hours: 'Monday to Friday, 9:00 am-5:00 pm PST',
  founded: 2025,
} as const;
