import { act, fireEvent, render, screen } from '@testing-library/react';
import { profileApi } from './api';
import { NOTICES_TEXTS, TelegramLinking } from './TelegramLinking';

jest.mock('./api', () => ({
  profileApi: { telegramLink: jest.fn(), generateLinkingCode: jest.fn(), unlinkTelegram: jest.fn(), setTelegramNotices: jest.fn() },
}));

const api = profileApi as jest.Mocked<typeof profileApi>;
const flush = () => act(async () => {});

beforeEach(() => {
  jest.useFakeTimers();
  jest.setSystemTime(new Date('2026-03-14T14:00:00Z'));
  api.telegramLink.mockResolvedValue({ isLinked: false, telegramUsername: null, notices: false });
  api.generateLinkingCode.mockResolvedValue({ linkingCode: 'ABCD2345', expiresAt: '2026-03-14T14:10:00Z', botName: 'HAICTestBot', command: '/link' });
  Object.assign(navigator, { clipboard: { writeText: jest.fn().mockResolvedValue(undefined) } });
  jest.spyOn(window, 'alert').mockImplementation(() => {});
  jest.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

it('generates a code, copies it, counts down mm:ss and clears it with Expired', async () => {
  render(<TelegramLinking userId={7} />);
  await flush();
  fireEvent.click(screen.getByRole('button', { name: 'Generate Linking Code' }));
  await flush();
  expect(screen.getByTestId('linking-code')).toHaveTextContent('ABCD2345');
  expect(screen.getByText('/link ABCD2345')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: '@HAICTestBot' })).toHaveAttribute('href', 'https://t.me/HAICTestBot');
  expect(navigator.clipboard.writeText).toHaveBeenCalledWith('ABCD2345');
  expect(screen.getByTestId('linking-countdown')).toHaveTextContent('10:00');
  expect(screen.getByRole('button', { name: 'Copied!' })).toBeInTheDocument();

  await act(async () => jest.advanceTimersByTime(3000));
  expect(screen.getByRole('button', { name: 'Copy Code' })).toBeInTheDocument();
  expect(screen.getByTestId('linking-countdown')).toHaveTextContent('09:57');

  await act(async () => jest.advanceTimersByTime(9 * 60_000 + 57_000));
  expect(screen.queryByTestId('linking-code')).toBeNull();
  expect(screen.getByText('Expired')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Generate Linking Code' })).toBeEnabled();
});

it('alerts its texts when copying or generating fails', async () => {
  (navigator.clipboard.writeText as jest.Mock).mockRejectedValue(new Error('denied'));
  render(<TelegramLinking userId={7} />);
  await flush();
  fireEvent.click(screen.getByRole('button', { name: 'Generate Linking Code' }));
  await flush();
  expect(window.alert).toHaveBeenCalledWith('Failed to copy. Please copy manually: ABCD2345');

  api.generateLinkingCode.mockRejectedValue(new Error('500'));
  fireEvent.click(screen.getByRole('button', { name: 'Generate New Code' }));
  await flush();
  expect(window.alert).toHaveBeenLastCalledWith('Failed to generate linking code. Please try again.');
});

it('shows a linked account without a generate button, and unlinks after confirmation', async () => {
  api.telegramLink.mockResolvedValue({ isLinked: true, telegramUsername: 'nurse_joy', notices: true });
  api.unlinkTelegram.mockResolvedValue({});
  const confirm = jest.spyOn(window, 'confirm').mockReturnValue(false);
  render(<TelegramLinking userId={7} />);
  await flush();
  expect(screen.getByText('@nurse_joy')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /Generate/ })).toBeNull();

  fireEvent.click(screen.getByRole('button', { name: 'Unlink Telegram' }));
  await flush();
  expect(confirm).toHaveBeenCalledWith('Are you sure you want to unlink your Telegram account?');
  expect(api.unlinkTelegram).not.toHaveBeenCalled();

  confirm.mockReturnValue(true);
  fireEvent.click(screen.getByRole('button', { name: 'Unlink Telegram' }));
  await flush();
  expect(api.unlinkTelegram).toHaveBeenCalledWith(7);
  expect(screen.getByRole('button', { name: 'Generate Linking Code' })).toBeInTheDocument();
});

it('alerts when unlinking fails and stays linked', async () => {
  api.telegramLink.mockResolvedValue({ isLinked: true, telegramUsername: 'nurse_joy', notices: true });
  api.unlinkTelegram.mockRejectedValue(new Error('500'));
  jest.spyOn(window, 'confirm').mockReturnValue(true);
  render(<TelegramLinking userId={7} />);
  await flush();
  fireEvent.click(screen.getByRole('button', { name: 'Unlink Telegram' }));
  await flush();
  expect(window.alert).toHaveBeenCalledWith('Failed to unlink Telegram account. Please try again.');
  expect(screen.getByText('@nurse_joy')).toBeInTheDocument();
});

it('the notices switch: on for a linked account, turned off and on; off and disabled without a link', async () => {
  api.telegramLink.mockResolvedValue({ isLinked: true, telegramUsername: 'nurse_joy', notices: true });
  api.setTelegramNotices.mockImplementation(async (_id, enabled) => ({ notices: enabled }));
  const { unmount } = render(<TelegramLinking userId={7} />);
  await flush();
  const toggle = screen.getByRole('switch', { name: NOTICES_TEXTS.label });
  expect(toggle).toBeChecked();
  expect(toggle).toBeEnabled();
  fireEvent.click(toggle);
  await flush();
  expect(api.setTelegramNotices).toHaveBeenLastCalledWith(7, false);
  expect(toggle).not.toBeChecked();
  fireEvent.click(toggle);
  await flush();
  expect(api.setTelegramNotices).toHaveBeenLastCalledWith(7, true);
  expect(toggle).toBeChecked();
  unmount();

  api.telegramLink.mockResolvedValue({ isLinked: false, telegramUsername: null, notices: false });
  render(<TelegramLinking userId={7} />);
  await flush();
  const off = screen.getByRole('switch', { name: NOTICES_TEXTS.label });
  expect(off).not.toBeChecked();
  expect(off).toBeDisabled();
  expect(screen.getByText(NOTICES_TEXTS.needsLink)).toBeInTheDocument();
});
