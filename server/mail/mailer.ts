import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

interface InfoLogger {
  info(message: string): void;
}

/** Without SMTP, each mail is written to a folder and its path logged, so password reset works in development. */
export class FolderMailer implements Mailer {
  constructor(
    private readonly directory: string,
    private readonly logger: InfoLogger = console,
    private readonly from = 'Quiz Portal <no-reply@localhost>',
  ) {}

  async send(mail: Mail): Promise<void> {
    await mkdir(this.directory, { recursive: true });
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const file = path.join(this.directory, `${stamp}-${randomBytes(3).toString('hex')}.eml`);
    const headers = [`From: ${this.from}`, `To: ${mail.to}`, `Subject: ${mail.subject}`, 'Content-Type: text/plain; charset=utf-8'];
    await writeFile(file, `${headers.join('\r\n')}\r\n\r\n${mail.text}\n`, 'utf8');
    this.logger.info(`Mail to ${mail.to} written to ${file}`);
  }
}

export class SmtpMailer implements Mailer {
  private readonly transport;

  constructor(
    smtpUrl: string,
    private readonly from = 'Quiz Portal <no-reply@localhost>',
  ) {
    this.transport = nodemailer.createTransport(smtpUrl);
  }

  async send(mail: Mail): Promise<void> {
    await this.transport.sendMail({ from: this.from, to: mail.to, subject: mail.subject, text: mail.text });
  }
}

/** Keeps mails in memory for tests to read. */
export class MemoryMailer implements Mailer {
  readonly sent: Mail[] = [];
  private gate: Promise<void> | null = null;

  async send(mail: Mail): Promise<void> {
    if (this.gate) await this.gate;
    this.sent.push(mail);
  }

  /** Makes sends wait (a slow mail server) until the returned function is called. */
  hold(): () => void {
    let release = () => {};
    this.gate = new Promise<void>((resolve) => {
      release = () => {
        this.gate = null;
        resolve();
      };
    });
    return release;
  }

  last(): Mail | undefined {
    return this.sent[this.sent.length - 1];
  }
}

export function createMailer(config: { smtpUrl: string | null; dataDir: string }, logger?: InfoLogger): Mailer {
  return config.smtpUrl ? new SmtpMailer(config.smtpUrl) : new FolderMailer(path.join(config.dataDir, 'mail'), logger);
}
