import { registerSchema, signInSchema } from './schemas';

const valid = { username: 'nurse_joy', email: 'joy@example.com', password: 'Nurse!2026x', confirmPassword: 'Nurse!2026x', agreeToTerms: true };

async function firstError(values: object, field: string) {
  try {
    await registerSchema.validateAt(field, { ...valid, ...values });
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

describe('register rules', () => {
  it.each([
    ['username', { username: '' }, 'Username is required'],
    ['username', { username: 'ab' }, 'Username must be at least 3 characters'],
    ['username', { username: 'u'.repeat(51) }, 'Username must be no more than 50 characters'],
    ['email', { email: '' }, 'Email is required'],
    ['email', { email: 'joy@example' }, 'Please enter a valid email address'],
    ['password', { password: '' }, 'Password is required'],
    ['password', { password: 'Ab1!' }, 'Password must be at least 8 characters'],
    ['password', { password: 'nurse!2026x' }, 'Password must contain uppercase, lowercase, number, and special character'],
    ['password', { password: 'NURSE!2026X' }, 'Password must contain uppercase, lowercase, number, and special character'],
    ['password', { password: 'Nurse!abcde' }, 'Password must contain uppercase, lowercase, number, and special character'],
    ['password', { password: 'Nurse2026xx' }, 'Password must contain uppercase, lowercase, number, and special character'],
    ['confirmPassword', { confirmPassword: '' }, 'Confirm Password is required'],
    ['confirmPassword', { confirmPassword: 'Nurse!2026y' }, 'Passwords do not match'],
    ['agreeToTerms', { agreeToTerms: false }, 'You must agree to the terms'],
  ])('%s: %j gives %s', async (field, values, message) => {
    expect(await firstError(values, field)).toBe(message);
  });

  it('accepts every listed special character and the length edges', async () => {
    for (const special of '!@#$%^&*(),.?":{}|<>') {
      expect(await firstError({ password: `Nurse20${special}`, confirmPassword: `Nurse20${special}` }, 'password')).toBeNull();
    }
    expect(await firstError({ username: 'abc' }, 'username')).toBeNull();
    expect(await firstError({ username: 'u'.repeat(50) }, 'username')).toBeNull();
    await expect(registerSchema.isValid(valid)).resolves.toBe(true);
  });

  it('sign-in needs both fields', async () => {
    await expect(signInSchema.validateAt('username', { username: '', password: 'x', rememberMe: false })).rejects.toThrow('Username is required');
    await expect(signInSchema.validateAt('password', { username: 'x', password: '', rememberMe: false })).rejects.toThrow('Password is required');
  });
});
