/**
 * Outgoing email through nodemailer: SMTP when SMTP_URL is set; otherwise each message is written
 * as an .eml file to the outbox folder and the reset link is logged (local development).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import fp from 'fastify-plugin';
import nodemailer from 'nodemailer';
import type { Config } from '../../config/env';

/** A message made and ready to hand over (SMTP or the outbox), not yet sent. */
export interface PreparedEmail {
  readonly to: string;
  readonly raw: Buffer;
  readonly envelope: { from: string | false; to: string[] };
  readonly messageId: string;
  /** Fields of the delivery's log line, and what the message is. */
  readonly logged: Record<string, unknown>;
  readonly what: string;
}

export interface Mailer {
  /**
   * Makes the password reset message (the whole MIME text) without sending it. forgot-password
   * makes it for every email asked about, with or without an account, so both cost the same;
   * only an account's is delivered.
   */
  preparePasswordReset(to: string, link: string): Promise<PreparedEmail>;
  /** Hands a prepared message over: through SMTP, or into the outbox folder (logged). */
  deliver(email: PreparedEmail): Promise<void>;
  /**
   * Makes a notification's email (notifications/worker.ts), with the one-click unsubscribe of its
   * kind (RFC 8058: `List-Unsubscribe` and `List-Unsubscribe-Post`), without sending it.
   */
  prepareNotification(message: {
    to: string;
    subject: string;
    text: string;
    html: string;
    unsubscribe: string;
    what: string;
    /** The message's Message-ID, one per notification mail: a copy is recognisable as one. */
    messageId: string;
  }): Promise<PreparedEmail>;
}

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

export default fp(
  async (fastify, opts: { config: Config }) => {
    const { config } = opts;
    // Messages are made by a transport that only writes the MIME text, then handed to SMTP (or
    // the outbox) as that text: making one costs the same whether or not it is sent afterwards.
    const composer = nodemailer.createTransport({
      streamTransport: true,
      buffer: true,
      newline: config.smtpUrl === null ? 'unix' : 'windows',
    });
    const transport = config.smtpUrl === null ? null : nodemailer.createTransport(config.smtpUrl);
    fastify.addHook('onClose', () => {
      composer.close();
      transport?.close();
    });

    async function prepare(
      message: {
        to: string;
        subject: string;
        text: string;
        html: string;
        headers?: Record<string, string>;
        messageId?: string;
      },
      logged: Record<string, unknown>,
      what: string,
    ): Promise<PreparedEmail> {
      const info = await composer.sendMail({ from: config.mailFrom, ...message });
      return {
        to: message.to,
        raw: (info as unknown as { message: Buffer }).message,
        envelope: info.envelope,
        messageId: info.messageId,
        logged,
        what,
      };
    }

    /** Sends a message: through SMTP, or into the outbox folder (logged) when there is none. */
    async function deliver(email: PreparedEmail): Promise<void> {
      if (transport === null) {
        await mkdir(config.outboxDir, { recursive: true });
        const file = join(
          config.outboxDir,
          `${new Date().toISOString().replace(/[:.]/g, '-')}-${email.messageId.replace(/[^a-zA-Z0-9]/g, '')}.eml`,
        );
        await writeFile(file, email.raw);
        fastify.log.info(
          { to: email.to, file, ...email.logged },
          `${email.what} email written to the outbox`,
        );
      } else {
        await transport.sendMail({ envelope: email.envelope, raw: email.raw });
        fastify.log.info({ to: email.to }, `${email.what} email sent`);
      }
    }

    const mailer: Mailer = {
      preparePasswordReset(to, link) {
        return prepare(
          {
            to,
            subject: 'Reset your Hyper Tek password',
            text: `Someone asked to reset the password of your Hyper Tek account.\n\nOpen this link within 30 minutes to choose a new password (it works once):\n${link}\n\nIf it was not you, ignore this email: your password stays as it is.`,
            html: `<p>Someone asked to reset the password of your Hyper Tek account.</p><p><a href="${link}">Choose a new password</a> within 30 minutes (the link works once).</p><p>If it was not you, ignore this email: your password stays as it is.</p>`,
          },
          // Development only (no SMTP configured): the link is the way in, so it is logged.
          { resetLink: link },
          'password reset',
        );
      },
      deliver,
      prepareNotification({ unsubscribe, what, ...message }) {
        return prepare(
          {
            ...message,
            headers: {
              'List-Unsubscribe': `<${unsubscribe}>`,
              'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
            },
          },
          { kind: what },
          `${what} notification`,
        );
      },
    };
    fastify.decorate('mailer', mailer);
  },
  { name: 'mailer' },
);

export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
