import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '../../lib/api';

import { ContactForm, CONTACT_FAILURE, CONTACT_RECEIVED, CONTACT_SUCCESS } from './ContactForm';
import { contactSchema } from './schema';

const firstError = async (values: Record<string, string>) => {
  try {
    await contactSchema.validate({ name: 'Jane', email: 'jane@example.com', subject: 'Hello there', message: 'A long enough message', ...values });
    return null;
  } catch (error) {
    return (error as Error).message;
  }
};

describe('contact rules', () => {
  it.each([
    [{ name: '' }, 'Name is required'],
    [{ name: ' ' }, 'Name is required'],
    [{ name: 'J' }, 'Name is too short'],
    [{ email: '' }, 'Email is required'],
    [{ email: 'jane@example' }, 'Please enter a valid email address'],
    [{ subject: '' }, 'Subject is required'],
    [{ subject: 'Hey' }, 'Subject is too short'],
    [{ message: '' }, 'Message is required'],
    [{ message: 'Too short' }, 'Message is too short'],
  ])('%j gives "%s"', async (values, message) => {
    expect(await firstError(values)).toBe(message);
  });

  it('accepts the minimum lengths', async () => {
    expect(await firstError({ name: 'Al', subject: 'Hello', message: '0123456789' })).toBeNull();
  });
});

const fill = async (user: ReturnType<typeof userEvent.setup>, values: Partial<Record<'Name' | 'Email' | 'Subject' | 'Message', string>>) => {
  for (const [label, value] of Object.entries(values)) {
    const field = screen.getByLabelText(label);
    await user.clear(field);
    if (value) await user.type(field, value);
  }
};

const VALID = { Name: 'Jane Doe', Email: 'jane@example.com', Subject: 'Partnership', Message: 'We would like to talk about a pilot.' };

describe('ContactForm', () => {
  it('shows a message only once a field is touched, and keeps the button disabled while invalid', async () => {
    const user = userEvent.setup();
    render(<ContactForm send={jest.fn()} />);
    const button = screen.getByRole('button', { name: 'Send Message' });
    expect(button).toBeDisabled();
    expect(screen.queryByRole('alert')).toBeNull();

    await user.click(screen.getByLabelText('Name'));
    await user.tab();
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.queryByText('Email is required')).toBeNull();

    await fill(user, { Name: 'J' });
    expect(await screen.findByText('Name is too short')).toBeInTheDocument();
    await fill(user, { Email: 'nope' });
    await user.tab();
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
  });

  it('sends, shows the success text and resets the form', async () => {
    const user = userEvent.setup();
    const send = jest.fn().mockResolvedValue({});
    render(<ContactForm send={send} />);
    await fill(user, VALID);
    const button = screen.getByRole('button', { name: 'Send Message' });
    await waitFor(() => expect(button).toBeEnabled());
    await user.click(button);
    expect(await screen.findByText(CONTACT_SUCCESS)).toBeInTheDocument();
    expect(send).toHaveBeenCalledWith({ name: 'Jane Doe', email: 'jane@example.com', subject: 'Partnership', message: 'We would like to talk about a pilot.' });
    expect(screen.getByLabelText('Name')).toHaveValue('');
  });

  it.each([0, 404])('treats status %s as received', async (status) => {
    const user = userEvent.setup();
    render(<ContactForm send={jest.fn().mockRejectedValue(new ApiError(status, 'x'))} />);
    await fill(user, VALID);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText(CONTACT_RECEIVED)).toBeInTheDocument();
  });

  it('shows the server message, else the fallback, and keeps the input', async () => {
    const user = userEvent.setup();
    const send = jest
      .fn()
      .mockRejectedValueOnce(new ApiError(400, 'x', 'Subject is too short'))
      .mockRejectedValueOnce(new ApiError(500, 'x'));
    render(<ContactForm send={send} />);
    await fill(user, VALID);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('Subject is too short')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText(CONTACT_FAILURE)).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('Jane Doe');
  });
});
