import { ACCOUNT_MESSAGES, PASSWORD_MAX, changePasswordErrors } from '@haic/contract';
import { changePasswordSchema, deleteAccountSchema } from './schema';

const valid = { currentPassword: 'Old!Pass2026', newPassword: 'Nurse!2026x', confirmPassword: 'Nurse!2026x' };

async function firstError(schema: typeof changePasswordSchema | typeof deleteAccountSchema, values: object, field: string) {
  try {
    await schema.validateAt(field, values);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

describe('change password rules: the sign-up rule, with the server words', () => {
  it.each([
    ['currentPassword', { currentPassword: '' }, 'Current Password is required'],
    ['currentPassword', { currentPassword: 'x'.repeat(PASSWORD_MAX + 1) }, `Current Password must be no more than ${PASSWORD_MAX} characters`],
    ['newPassword', { newPassword: '' }, 'New Password is required'],
    ['newPassword', { newPassword: 'Ab1!' }, 'New Password must be at least 8 characters'],
    ['newPassword', { newPassword: 'Aa1!'.repeat(2500) }, `New Password must be no more than ${PASSWORD_MAX} characters`],
    ['newPassword', { newPassword: 'nurse!2026x', confirmPassword: 'nurse!2026x' }, ACCOUNT_MESSAGES.passwordStrength],
    ['confirmPassword', { confirmPassword: '' }, 'Confirm Password is required'],
    ['confirmPassword', { confirmPassword: 'Nurse!2026y' }, 'Passwords do not match'],
  ])('%s: %j gives %s, as the server says', async (field, values, message) => {
    const input = { ...valid, ...values };
    expect(await firstError(changePasswordSchema, input, field)).toBe(message);
    const server = changePasswordErrors(input).find((e) => e.path[0] === field);
    if (field !== 'confirmPassword' || message !== 'Confirm Password is required') expect(server?.message).toBe(message);
  });

  it('a valid change passes', async () => {
    await expect(changePasswordSchema.validate(valid)).resolves.toEqual(valid);
    expect(changePasswordErrors(valid)).toEqual([]);
  });
});

describe('delete account rules', () => {
  it.each([
    [{ password: '' }, 'Password is required'],
    [{ password: 'x'.repeat(PASSWORD_MAX + 1) }, `Password must be no more than ${PASSWORD_MAX} characters`],
  ])('%j gives %s', async (values, message) => {
    expect(await firstError(deleteAccountSchema, values, 'password')).toBe(message);
  });
});
