import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { clearSessions, getAuth, setAdminSession, setWebSession } from '../../lib/auth';
import { AdminBlog } from './AdminBlog';
import { AdminDashboard } from './AdminDashboard';

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/" element={<p>Home screen</p>} />
        <Route path="/admin" element={<AdminDashboard />} />
        <Route path="/admin/blog" element={<AdminBlog />} />
      </Routes>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  localStorage.clear();
  clearSessions();
  setAdminSession('jwt-admin', { id: '0', email: 'siteadmin', name: 'siteadmin', role: 'Admin' });
});

describe('AdminDashboard', () => {
  it('welcomes the admin by name and shows the sample figures', () => {
    renderAt('/admin');
    expect(screen.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeInTheDocument();
    expect(screen.getByText(/Welcome back,/)).toHaveTextContent('Welcome back, siteadmin!');
    const stats = within(screen.getByRole('region', { name: 'Site statistics' })).getAllByRole('listitem');
    expect(stats.map((card) => card.textContent)).toEqual([
      expect.stringContaining('Total News12'),
      expect.stringContaining('Blog Posts8'),
      expect.stringContaining('Total Users3'),
    ]);
    expect(screen.getByRole('heading', { name: 'Recent Activity' })).toBeInTheDocument();
    expect(screen.getByText('New news article added')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Quick Actions' })).toBeInTheDocument();
  });

  it('has the sidebar links, the screens without pages opening the CMS panel in a new tab', () => {
    renderAt('/admin');
    const nav = screen.getByRole('navigation', { name: 'Admin' });
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/admin');
    expect(within(nav).getByRole('link', { name: 'News Management' })).toHaveAttribute('href', '/admin/news');
    expect(within(nav).getByRole('link', { name: 'Blog Management' })).toHaveAttribute('href', '/admin/blog');
    const users = within(nav).getByRole('link', { name: /User Management/ });
    expect(users).toHaveAttribute('href', '/cms/content-manager/collection-types/plugin::users-permissions.user');
    expect(users).toHaveAttribute('target', '_blank');
    expect(within(nav).getByRole('link', { name: 'View Site' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: /Create Blog Post/ })).toHaveAttribute(
      'href',
      '/cms/content-manager/collection-types/api::blog-post.blog-post/create',
    );
    expect(screen.getByRole('link', { name: /Add User/ })).toHaveAttribute(
      'href',
      '/cms/content-manager/collection-types/plugin::users-permissions.user/create',
    );
  });

  it('logs out: ends both sessions on the server, clears every auth item and goes home', async () => {
    const calls: { url: string; authorization: string | undefined }[] = [];
    const fetchMock = jest.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, authorization: (init.headers as Record<string, string>).Authorization });
      return { ok: true, status: 200, text: async () => '{"ok":true}' };
    });
    const savedFetch = global.fetch;
    global.fetch = fetchMock as unknown as typeof fetch;
    setWebSession('jwt-user', { id: 5, username: 'nurse', email: 'n@example.com', createdDate: '2026-01-01' });
    renderAt('/admin');
    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    // The calls leave once the client has read its XSRF cookie (a microtask after the click).
    await waitFor(() =>
      expect(calls).toEqual([
        { url: '/api/auth/logout', authorization: 'Bearer jwt-user' },
        { url: '/api/admin/logout', authorization: 'Bearer jwt-admin' },
      ]),
    );
    global.fetch = savedFetch;
    expect(await screen.findByText('Home screen')).toBeInTheDocument();
    await waitFor(() => expect(localStorage.getItem('authToken')).toBeNull());
    for (const key of ['authToken', 'currentUser', 'userAuthToken', 'currentWebUser']) expect(localStorage.getItem(key)).toBeNull();
    expect(getAuth()).toEqual({ adminToken: null, adminUser: null, userToken: null, webUser: null });
  });
});

describe('AdminBlog', () => {
  it('is a placeholder inside the admin layout', () => {
    renderAt('/admin/blog');
    expect(screen.getByRole('heading', { level: 1, name: 'Blog Management' })).toBeInTheDocument();
    expect(screen.getByText(/coming soon/i)).toBeInTheDocument();
    expect(document.title).toBe('Blog Management - HAIC');
  });
});
