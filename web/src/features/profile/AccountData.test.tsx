import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { ApiError } from '../../lib/api';
import { getAuth, setWebSession } from '../../lib/auth';
import { profileApi } from './api';
import { AccountData } from './AccountData';
import { ChangePasswordForm } from './ChangePasswordForm';

jest.mock('./api', () => ({
  profileApi: { exportData: jest.fn(), deleteAccount: jest.fn(), changePassword: jest.fn() },
}));

const api = profileApi as jest.Mocked<typeof profileApi>;
const flush = () => act(async () => {});
const type = async (label: string, value: string) => {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
  fireEvent.blur(screen.getByLabelText(label));
  await flush();
};
const validationError = (field: string, message: string) =>
  new ApiError(400, message, message, { error: { status: 400, message, details: { errors: [{ path: [field], message }] } } });

function renderAt(element: JSX.Element) {
  return render(
    <MemoryRouter initialEntries={['/profile']}>
      <Routes>
        <Route path="/profile" element={element} />
        <Route path="/" element={<p>Home page</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  setWebSession('old-token', { id: 7, username: 'nurse', email: 'nurse@example.com', createdDate: '2026-01-01T00:00:00.000Z' });
});
afterEach(() => jest.resetAllMocks());

/** Fills the change-password form with this current password and a strong new one, and submits it. */
async function changePassword(current: string) {
  renderAt(<ChangePasswordForm />);
  await type('Current Password', current);
  await type('New Password', 'Nurse!2026x');
  await type('Confirm Password', 'Nurse!2026x');
  fireEvent.click(screen.getByRole('button', { name: 'Change Password' }));
  await flush();
}

describe('Delete account', () => {
  it('Cancel closes the confirmation and deletes nothing', async () => {
    renderAt(<AccountData />);
    fireEvent.click(screen.getByRole('button', { name: 'Delete account' }));
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
    await type('Password', 'Whatever1!');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await flush();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(api.deleteAccount).not.toHaveBeenCalled();
    expect(getAuth().userToken).toBe('old-token');
  });

  it('a wrong password shows next to its field and keeps the session', async () => {
    api.deleteAccount.mockRejectedValue(validationError('password', 'Password is incorrect'));
    renderAt(<AccountData />);
    fireEvent.click(screen.getByRole('button', { name: 'Delete account' }));
    await type('Password', 'Wrong!Pass1');
    fireEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    await flush();
    expect(screen.getByRole('alert')).toHaveTextContent('Password is incorrect');
    expect(getAuth().userToken).toBe('old-token');
  });

  it('confirming with the password signs this browser out and goes home', async () => {
    api.deleteAccount.mockResolvedValue({ ok: true });
    renderAt(<AccountData />);
    fireEvent.click(screen.getByRole('button', { name: 'Delete account' }));
    await type('Password', 'Right!Pass1');
    fireEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    await flush();
    expect(api.deleteAccount).toHaveBeenCalledWith({ password: 'Right!Pass1' });
    expect(screen.getByText('Home page')).toBeInTheDocument();
    expect(getAuth().userToken).toBeNull();
    expect(getAuth().webUser).toBeNull();
  });
});

describe('Change password', () => {
  it('keeps this browser signed in with the fresh token and clears the form', async () => {
    api.changePassword.mockResolvedValue({
      token: 'fresh-token',
      user: { id: 7, username: 'nurse', email: 'nurse@example.com', createdDate: '2026-01-01T00:00:00.000Z' },
    });
    await changePassword('Old!Pass2026');
    expect(api.changePassword).toHaveBeenCalledWith({ currentPassword: 'Old!Pass2026', newPassword: 'Nurse!2026x', confirmPassword: 'Nurse!2026x' });
    expect(getAuth().userToken).toBe('fresh-token');
    expect(screen.getByRole('status')).toHaveTextContent('Password changed');
    expect(screen.getByLabelText('Current Password')).toHaveValue('');
  });

  it('a weak new password is refused before any call, with the sign-up words', async () => {
    renderAt(<ChangePasswordForm />);
    await type('Current Password', 'Old!Pass2026');
    await type('New Password', 'weakpass');
    expect(screen.getByRole('alert')).toHaveTextContent('Password must contain uppercase, lowercase, number, and special character');
    expect(screen.getByRole('button', { name: 'Change Password' })).toBeDisabled();
    expect(api.changePassword).not.toHaveBeenCalled();
  });

  it('a wrong current password shows next to its field', async () => {
    api.changePassword.mockRejectedValue(validationError('currentPassword', 'Current password is incorrect'));
    await changePassword('Wrong!Pass1');
    expect(screen.getByRole('alert')).toHaveTextContent('Current password is incorrect');
    expect(getAuth().userToken).toBe('old-token');
  });
});
