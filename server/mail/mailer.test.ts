import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { FolderMailer, MemoryMailer, SmtpMailer, createMailer } from './mailer';

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
