import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { clearSessions, getAuth, setAdminSession } from '../../lib/auth';
import { ADMIN_CAPTCHA_TOKEN } from './api';
import { AdminLogin } from './AdminLogin';

type FakeResponse = { status: number; body?: unknown };

const fetchMock = jest.fn();

function respond({ status, body }: FakeResponse) {
  fetchMock.mockResolvedValueOnce({ ok: status >= 200 && status < 300, status, text: async () => (body === undefined ? '' : JSON.stringify(body)) });
}

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

// A plain (non-data) router: jsdom has no fetch Request for the data routers.
function renderLogin() {
  render(
    <MemoryRouter initialEntries={['/login']}>
      <Routes>
        <Route path="/login" element={<AdminLogin />} />
        <Route path="/admin" element={<p>Dashboard screen</p>} />
        <Route path="/" element={<p>Home screen</p>} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
}

const where = () => screen.getByTestId('where').textContent;

const username = () => screen.getByLabelText('Username');
const password = () => screen.getByLabelText('Password');
const submit = () => screen.getByRole('button', { name: 'Sign In' });

async function fillAndSubmit(user = 'siteadmin', pass = 'Secret123') {
  fireEvent.change(username(), { target: { value: user } });
  fireEvent.blur(username());
  fireEvent.change(password(), { target: { value: pass } });
  fireEvent.blur(password());
  await waitFor(() => expect(submit()).toBeEnabled());
  await act(async () => {
    fireEvent.click(submit());
  });
}

beforeEach(() => {
  localStorage.clear();
  clearSessions();
  fetchMock.mockReset();
  (global as unknown as { fetch: typeof fetchMock }).fetch = fetchMock;
  jest.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  jest.restoreAllMocks();
});

describe('AdminLogin', () => {
  it('shows the notes and a link back home', () => {
    renderLogin();
    expect(screen.getByRole('heading', { name: 'Admin Login' })).toBeInTheDocument();
    expect(screen.getByText(/restricted to authorized administrators only/)).toBeInTheDocument();
    expect(screen.getByText(/All activities are logged for security purposes/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Back to Home/ })).toHaveAttribute('href', '/');
    expect(document.title).toBe('Admin Login - HAIC');
  });

  it('shows the validation messages only once a field is touched, and keeps submit disabled', async () => {
    renderLogin();
    expect(screen.queryByText('Username is required')).not.toBeInTheDocument();
    expect(screen.queryByText('Password must be at least 6 characters')).not.toBeInTheDocument();
    expect(submit()).toBeDisabled();

    fireEvent.focus(username());
    fireEvent.blur(username());
    expect(await screen.findByText('Username is required')).toBeInTheDocument();
    expect(screen.queryByText('Password must be at least 6 characters')).not.toBeInTheDocument();

    fireEvent.change(password(), { target: { value: '12345' } });
    fireEvent.blur(password());
    expect(await screen.findByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(submit()).toBeDisabled();

    fireEvent.change(username(), { target: { value: 'siteadmin' } });
    fireEvent.change(password(), { target: { value: '123456' } });
    await waitFor(() => expect(screen.queryByText('Username is required')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.queryByText('Password must be at least 6 characters')).not.toBeInTheDocument());
    expect(submit()).toBeEnabled();
  });

  it('posts the credentials with the dummy captcha, stores the admin session and goes to /admin', async () => {
    respond({ status: 200, body: { token: 'jwt-admin', username: 'siteadmin', role: 'Admin' } });
    renderLogin();
    await fillAndSubmit('siteadmin', 'Secret123');

    await waitFor(() => expect(where()).toBe('/admin'));
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/admin/login');
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body)).toEqual({ username: 'siteadmin', password: 'Secret123', captchaToken: ADMIN_CAPTCHA_TOKEN });
    expect(localStorage.getItem('authToken')).toBe('jwt-admin');
    expect(JSON.parse(localStorage.getItem('currentUser')!)).toEqual({ id: '0', email: 'siteadmin', name: 'siteadmin', role: 'Admin' });
    expect(getAuth().adminUser?.role).toBe('Admin');
  });

  it("shows the server's message on failure and logs the error", async () => {
    respond({ status: 401, body: { data: null, error: { status: 401, name: 'UnauthorizedError', message: 'Invalid username or password' } } });
    renderLogin();
    await fillAndSubmit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid username or password');
    expect(console.error).toHaveBeenCalled();
    expect(localStorage.getItem('authToken')).toBeNull();
  });

  it('shows the rate-limit message the server sends', async () => {
    respond({ status: 429, body: { error: { status: 429, message: 'Too many failed sign-in attempts. Please wait 15 minute(s) and try again.' } } });
    renderLogin();
    await fillAndSubmit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many failed sign-in attempts');
  });

  it("falls back to 'Invalid username or password' without a server message", async () => {
    respond({ status: 500, body: 'oops' });
    renderLogin();
    await fillAndSubmit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid username or password');
  });

  it.each([
    ['a 404', () => respond({ status: 404, body: { error: { message: 'Not Found' } } })],
    ['an unreachable server', () => fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'))],
  ])("says 'API not available' on %s", async (_name, arrange) => {
    arrange();
    renderLogin();
    await fillAndSubmit();
    expect(await screen.findByRole('alert')).toHaveTextContent(/^API not available$/);
  });

  it('sends an admin who is already logged in straight to /admin', async () => {
    setAdminSession('jwt-admin', { id: '0', email: 'siteadmin', name: 'siteadmin', role: 'Admin' });
    renderLogin();
    await waitFor(() => expect(where()).toBe('/admin'));
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
