import nodemailer from 'nodemailer';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  /** The e-mail's key: the same key gives the same Message-ID, so a receiver can tell a repeat. */
  key: string;
}

/** Where notification e-mails go: an SMTP server (SMTP_URL), or nowhere (they are kept for the app's outbox). */
export interface Mailer {
  configured: boolean;
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/** Without SMTP_URL: nothing leaves; the notifier keeps each e-mail in the database for its addressee. */
export const keepingMailer: Mailer = {
  configured: false,
  send: () => Promise.reject(new Error('no mail server is configured')),
  close: () => {},
};

/** `smtp://user:pass@host:587` or `smtps://…` through nodemailer, from MAIL_FROM. */
export function smtpMailer(url: string, from: string, host = 'student-success.gateway'): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    configured: true,
    send: async (mail) => {
      await transport.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        messageId: `<${Buffer.from(mail.key).toString('base64url')}@${host}>`,
      });
    },
    close: () => transport.close(),
  };
}
