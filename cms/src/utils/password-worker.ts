/** Worker thread body for the password pool (see password-pool.ts): one bcrypt comparison. */
import bcrypt from 'bcryptjs';

export default function compare({ password, hash }: { password: string; hash: string }): boolean {
  return bcrypt.compareSync(password, hash);
}
