/**
 * A loopback SMTP server that stands in for the mail host: it accepts every message and keeps it
 * (envelope and raw data) for the test to read.
 */
import net from 'net';
import type { AddressInfo } from 'net';

export interface Mail {
  from: string;
  to: string[];
  data: string;
}

export function startSmtpServer() {
  const mails: Mail[] = [];
  const server = net.createServer((socket) => {
    let buffer = '';
    let inData = false;
    let mail: Mail = { from: '', to: [], data: '' };
    socket.write('220 loopback ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end === -1) return;
          mail.data = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          mails.push(mail);
          mail = { from: '', to: [], data: '' };
          socket.write('250 queued\r\n');
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol === -1) return;
        const line = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250 loopback\r\n');
        else if (verb === 'MAIL') {
          mail.from = line;
          socket.write('250 ok\r\n');
        } else if (verb === 'RCPT') {
          mail.to.push(line);
          socket.write('250 ok\r\n');
        } else if (verb === 'DATA') {
          inData = true;
          socket.write('354 go ahead\r\n');
        } else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  return new Promise<{ server: net.Server; port: number; mails: Mail[] }>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ server, port: (server.address() as AddressInfo).port, mails })),
  );
}
