/**
 * Outgoing email through nodemailer: SMTP when SMTP_URL is set; otherwise each message is written
 * as an .eml file to the outbox folder and the reset link is logged (local development).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import fp from 'fastify-plugin';
import nodemailer from 'nodemailer';
import type { Config } from '../../config/env';

export interface Mailer {
  sendPasswordReset(to: string, link: string): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

export default fp(
  async (fastify, opts: { config: Config }) => {
    const { config } = opts;
    const transport =
      config.smtpUrl === null
        ? nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
        : nodemailer.createTransport(config.smtpUrl);
    fastify.addHook('onClose', () => transport.close());

    const mailer: Mailer = {
      async sendPasswordReset(to, link) {
        const message = {
          from: config.mailFrom,
          to,
          subject: 'Reset your Hyper Tek password',
          text: `Someone asked to reset the password of your Hyper Tek account.\n\nOpen this link within 30 minutes to choose a new password (it works once):\n${link}\n\nIf it was not you, ignore this email: your password stays as it is.`,
          html: `<p>Someone asked to reset the password of your Hyper Tek account.</p><p><a href="${link}">Choose a new password</a> within 30 minutes (the link works once).</p><p>If it was not you, ignore this email: your password stays as it is.</p>`,
        };
        const info = await transport.sendMail(message);
        if (config.smtpUrl === null) {
          await mkdir(config.outboxDir, { recursive: true });
          const file = join(
            config.outboxDir,
            `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[^a-zA-Z0-9]/g, '')}.eml`,
          );
          const raw = (info as unknown as { message: Buffer }).message;
          await writeFile(file, raw);
          // Development only (no SMTP configured): the link is the way in, so it is logged.
          fastify.log.info(
            { to, file, resetLink: link },
            'password reset email written to the outbox',
          );
        } else {
          fastify.log.info({ to }, 'password reset email sent');
        }
      },
    };
    fastify.decorate('mailer', mailer);
  },
  { name: 'mailer' },
);
