import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { clearSessions, setAdminSession, setWebSession } from '../../lib/auth';
import { RedirectWebUser, RequireAdmin, RequireWebUser } from './guards';

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/" element={<Where />} />
        <Route
          path="/signin"
          element={
            <RedirectWebUser>
              <p>sign in page</p>
              <Where />
            </RedirectWebUser>
          }
        />
        <Route
          path="/profile"
          element={
            <RequireWebUser>
              <p>profile page</p>
              <Where />
            </RequireWebUser>
          }
        />
        <Route
          path="/profile/edit"
          element={
            <RequireWebUser>
              <p>edit page</p>
            </RequireWebUser>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
}

const user = { id: 1, username: 'nurse', email: 'n@example.com', createdDate: '2026-01-01T00:00:00Z' };

afterEach(() => act(() => clearSessions()));

describe('guards', () => {
  it('send a visitor from a protected page to sign in with the attempted URL', () => {
    render(
      <MemoryRouter initialEntries={['/profile/edit?tab=bio']}>
        <Routes>
          <Route path="/signin" element={<Where />} />
          <Route
            path="/profile/edit"
            element={
              <RequireWebUser>
                <p>edit page</p>
              </RequireWebUser>
            }
          />
        </Routes>
      </MemoryRouter>,
    );
    expect(screen.getByTestId('where')).toHaveTextContent('/signin?returnUrl=%2Fprofile%2Fedit%3Ftab%3Dbio');
  });

  it('let a signed-in user in, and send them home when they sign out there', () => {
    act(() => setWebSession('token', user));
    renderAt('/profile');
    expect(screen.getByText('profile page')).toBeInTheDocument();
    act(() => clearSessions());
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/);
  });

  it('send a signed-in user from /signin to /profile', () => {
    act(() => setWebSession('token', user));
    renderAt('/signin');
    expect(screen.getByText('profile page')).toBeInTheDocument();
  });

  it('leave /signin alone when the user signs in on it (the page redirects itself)', () => {
    renderAt('/signin');
    act(() => setWebSession('token', user));
    expect(screen.getByText('sign in page')).toBeInTheDocument();
  });

  it('send a visitor, or a web user, from an admin page to /login', () => {
    act(() => setWebSession('token', user));
    render(
      <MemoryRouter initialEntries={['/admin']}>
        <Routes>
          <Route path="/login" element={<Where />} />
          <Route
            path="/admin"
            element={
              <RequireAdmin>
                <p>dashboard</p>
              </RequireAdmin>
            }
          />
        </Routes>
      </MemoryRouter>,
    );
    expect(screen.getByTestId('where')).toHaveTextContent('/login');
  });

  it('send an admin who logs out on an admin page home', () => {
    act(() => setAdminSession('token', { id: '0', email: 'boss', name: 'boss', role: 'Admin' }));
    render(
      <MemoryRouter initialEntries={['/admin']}>
        <Routes>
          <Route path="/" element={<Where />} />
          <Route path="/login" element={<Where />} />
          <Route
            path="/admin"
            element={
              <RequireAdmin>
                <p>dashboard</p>
              </RequireAdmin>
            }
          />
        </Routes>
      </MemoryRouter>,
    );
    expect(screen.getByText('dashboard')).toBeInTheDocument();
    act(() => clearSessions());
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/$/);
  });
});
