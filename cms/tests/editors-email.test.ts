import { startSmtpServer } from './helpers/smtp';
import { startTestApp, type TestApp, withTestApp } from './helpers/strapi';

// Editors are emailed about contact messages through SMTP; a loopback SMTP server stands in for the mail host.
const message = (subject: string) => ({ name: 'Mail Sender', email: 'sender@example.com', subject, message: 'Hello editors, this came through the form.' });

describe('with SMTP configured', () => {
  let app: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    app = await startTestApp({
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(smtp.port),
      SMTP_FROM: 'HAIC site <site@haic.test>',
      CONTACT_NOTIFY_TO: 'editor-one@haic.test, editor-two@haic.test',
    });
  });

  afterAll(async () => {
    await app?.stop();
    await new Promise((resolve) => smtp.server.close(resolve));
  });

  it('emails the editors about a new contact message, reply-to the sender, with a link to the panel', async () => {
    const response = await app.http.post('/api/contact', message('Partnership enquiry'));
    expect(response.status).toBe(201);
    const deadline = Date.now() + 10_000;
    while (smtp.mails.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(smtp.mails).toHaveLength(1);
    const [mail] = smtp.mails;
    expect(mail.from).toContain('site@haic.test');
    expect(mail.to.join(' ')).toContain('editor-one@haic.test');
    expect(mail.to.join(' ')).toContain('editor-two@haic.test');
    expect(mail.data).toMatch(/^Subject: New contact message: Partnership enquiry$/m);
    expect(mail.data).toMatch(/^Reply-To: sender@example.com$/m);
    expect(mail.data).toContain('Hello editors, this came through the form.');
    const stored = await app.strapi.documents('api::contact-message.contact-message').findFirst({ filters: { subject: 'Partnership enquiry' } });
    expect(mail.data.replace(/=\r\n/g, '')).toContain(`/cms/content-manager/collection-types/api::contact-message.contact-message/${stored!.documentId}`);
  });

  it('a subject cannot inject mail headers', async () => {
    smtp.mails.length = 0;
    const notify = app.strapi.service('api::contact-message.notify') as any;
    expect(await notify.contactMessage({ ...message('Hello\r\nBcc: victim@example.com'), documentId: 'abc' })).toBe(true);
    expect(smtp.mails).toHaveLength(1);
    const headers = smtp.mails[0].data.split('\r\n\r\n')[0];
    expect(headers).not.toMatch(/^Bcc:/im);
    expect(headers).toMatch(/^Subject: New contact message: Hello Bcc: victim@example.com$/m);
    expect(smtp.mails[0].to.join(' ')).not.toContain('victim@example.com');
  });

  it('a mail host that is down never fails the visitor', async () => {
    await new Promise((resolve) => smtp.server.close(resolve));
    const response = await app.http.post('/api/contact', message('Sent while mail is down'));
    expect(response.status).toBe(201);
    expect(await app.strapi.documents('api::contact-message.contact-message').findFirst({ filters: { subject: 'Sent while mail is down' } })).not.toBeNull();
    const notify = app.strapi.service('api::contact-message.notify') as any;
    expect(await notify.contactMessage({ ...message('Still down'), documentId: 'abc' })).toBe(false);
  });
});

describe('without SMTP settings', () => {
  const app = withTestApp({ SMTP_HOST: '', CONTACT_NOTIFY_TO: '' });

  it('stores the message and sends nothing', async () => {
    const send = jest.spyOn(app.strapi.plugin('email').service('email'), 'send');
    const response = await app.http.post('/api/contact', message('No mail configured'));
    expect(response.status).toBe(201);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(send).not.toHaveBeenCalled();
    expect(await app.strapi.documents('api::contact-message.contact-message').findFirst({ filters: { subject: 'No mail configured' } })).toMatchObject({
      read: false,
    });
  });
});
