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
  /** Tells an offer's maker that the owner accepted it: pay within the reservation. */
  sendOfferAccepted(
    to: string,
    offer: { title: string; price: number; reservedUntil: string | null; link: string },
  ): Promise<void>;
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

    /** Sends a message: through SMTP, or into the outbox folder (logged) when there is none. */
    async function send(
      message: { to: string; subject: string; text: string; html: string },
      logged: Record<string, unknown>,
      what: string,
    ): Promise<void> {
      const info = await transport.sendMail({ from: config.mailFrom, ...message });
      if (config.smtpUrl === null) {
        await mkdir(config.outboxDir, { recursive: true });
        const file = join(
          config.outboxDir,
          `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[^a-zA-Z0-9]/g, '')}.eml`,
        );
        const raw = (info as unknown as { message: Buffer }).message;
        await writeFile(file, raw);
        fastify.log.info(
          { to: message.to, file, ...logged },
          `${what} email written to the outbox`,
        );
      } else {
        fastify.log.info({ to: message.to }, `${what} email sent`);
      }
    }

    const mailer: Mailer = {
      async sendPasswordReset(to, link) {
        await send(
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
      async sendOfferAccepted(to, offer) {
        const until =
          offer.reservedUntil === null
            ? ''
            : ` until ${new Date(offer.reservedUntil).toUTCString()}`;
        const price = `$${offer.price}`;
        await send(
          {
            to,
            subject: `Your offer on ${offer.title} was accepted`,
            text: `Good news: the owner of ${offer.title} accepted your offer of ${price}.\n\nThe item is reserved for you${until}. Pay by card here:\n${offer.link}\n\nIf you do not pay in time, the reservation ends and your offer is open again.`,
            html: `<p>Good news: the owner of <strong>${escapeHtml(offer.title)}</strong> accepted your offer of ${price}.</p><p>The item is reserved for you${until}. <a href="${offer.link}">Pay by card</a>.</p><p>If you do not pay in time, the reservation ends and your offer is open again.</p>`,
          },
          { link: offer.link },
          'offer accepted',
        );
      },
    };
    fastify.decorate('mailer', mailer);
  },
  { name: 'mailer' },
);

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
