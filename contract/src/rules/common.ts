/** What every form rule shares: the email pattern and the shape of a field error. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface FieldError {
  path: string[];
  message: string;
}
