import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { FolderMailer, MemoryMailer, SmtpMailer, createMailer } from './mailer';

/** A bare SMTP server on 127.0.0.1 that keeps what it receives: the dialogue nodemailer has with a real one. */
async function smtpSink() {
  const received: { from: string; to: string[]; data: string }[] = [];
  const server = createServer((socket) => {
    let buffer = '';
    let inData = false;
    let mail = { from: '', to: [] as string[], data: '' };
    socket.write('220 sink ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (let end = buffer.indexOf('\r\n'); end >= 0; end = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            received.push(mail);
            mail = { from: '', to: [], data: '' };
            socket.write('250 queued\r\n');
          } else mail.data += `${line}\n`;
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'MAIL') mail.from = line;
        if (verb === 'RCPT') mail.to.push(line);
        if (verb === 'DATA') inData = true;
        if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write(verb === 'DATA' ? '354 go on\r\n' : '250 ok\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as AddressInfo).port, received, close: () => new Promise((resolve) => server.close(resolve)) };
}

it('sends through SMTP with the pinned nodemailer (off 7.0.6)', async () => {
  const { version } = (await import('nodemailer/package.json', { with: { type: 'json' } })).default as { version: string };
  expect(Number(version.split('.')[0])).toBeGreaterThanOrEqual(9);
  const sink = await smtpSink();
  try {
    await new SmtpMailer(`smtp://127.0.0.1:${sink.port}`).send({
      to: 'owner@example.test',
      subject: 'Password reset',
      text: 'Open the link.',
    });
    expect(sink.received).toHaveLength(1);
    expect(sink.received[0]?.to).toEqual(['RCPT TO:<owner@example.test>']);
    expect(sink.received[0]?.data).toContain('Subject: Password reset');
    expect(sink.received[0]?.data).toContain('Open the link.');
  } finally {
    await sink.close();
  }
});

it('writes each mail to the folder as an .eml file and logs its path', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'quiz-portal-mail-'));
  const logged: string[] = [];
  try {
    await new FolderMailer(path.join(dir, 'mail'), { info: (message) => logged.push(message) }).send({
      to: 'a@b.test',
      subject: 'Hello',
      text: 'Body text',
    });
    const [file] = readdirSync(path.join(dir, 'mail'));
    expect(file).toMatch(/\.eml$/);
    const content = readFileSync(path.join(dir, 'mail', file ?? ''), 'utf8');
    expect(content).toContain('To: a@b.test');
    expect(content).toContain('Subject: Hello');
    expect(content).toContain('Body text');
    expect(logged[0]).toContain(path.join(dir, 'mail', file ?? ''));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

it('chooses SMTP only when SMTP_URL is set', () => {
  expect(createMailer({ smtpUrl: 'smtp://127.0.0.1:2525', dataDir: '/tmp' })).toBeInstanceOf(SmtpMailer);
  expect(createMailer({ smtpUrl: null, dataDir: '/tmp' })).toBeInstanceOf(FolderMailer);
  expect(new MemoryMailer().last()).toBeUndefined();
});
