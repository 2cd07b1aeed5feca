/**
 * What each notification says, written once: the notification centre's text and the email's
 * subject are the same words.
 */
import { formatPrice, type NotificationKind } from '@hypertek/shared/contract';

export interface Told {
  title: string;
  amountCents: number | null;
}

const price = (told: Told): string =>
  told.amountCents === null ? '' : formatPrice(told.amountCents / 100);

const WORDS: Record<NotificationKind, (told: Told) => string> = {
  'offer.received': (t) => `New offer of ${price(t)} on ${t.title}`,
  'offer.accepted': (t) => `Your offer of ${price(t)} on ${t.title} was accepted`,
  'offer.declined': (t) => `Your offer of ${price(t)} on ${t.title} was declined`,
  'offer.outbid': (t) => `A higher offer of ${price(t)} was made on ${t.title}`,
  'item.sold': (t) => `${t.title} sold for ${price(t)}`,
  'reservation.lapsing': (t) => `Your reservation of ${t.title} ends within the hour`,
  'reservation.lapsed': (t) => `Your reservation of ${t.title} lapsed unpaid`,
  'watch.alert': (t) => `${t.title}, on your watchlist, is listed at ${price(t)}`,
};

/** The notification's text (and its email's subject). */
export const notificationText = (kind: NotificationKind, told: Told): string => WORDS[kind](told);

/** What the email adds under its first line: what to do now. */
export const MAIL_NEXT_STEP: Record<NotificationKind, string> = {
  'offer.received': 'Accept or decline it on the item page.',
  'offer.accepted':
    'The item is reserved for you: pay by card on the item page before the reservation ends.',
  'offer.declined': 'You can make another offer on the item page.',
  'offer.outbid': 'You can raise your offer on the item page.',
  'item.sold': 'The price, less the commission, is credited to your balance.',
  'reservation.lapsing': 'Pay by card on the item page before the reservation ends, or it lapses.',
  'reservation.lapsed':
    'The item is no longer reserved for you; your offer is open again while it runs.',
  'watch.alert': 'Buy it on the item page while it is listed.',
};

/** The answers of the notification calls. */
export const NOTIFICATION_WORDS = {
  list: 'Notifications fetched',
  read: 'Notification marked as read',
  readAll: 'All notifications marked as read',
  notFound: 'Notification not found',
  idInvalid: 'The notification id is not valid',
  preferences: 'Notification preferences fetched',
  preferencesSaved: 'Notification preferences saved',
  notMailed: (kind: string) => `${kind} notifications are not sent by email`,
  kindTwice: (kind: string) => `${kind} is named more than once`,
  unsubscribeInvalid: 'This unsubscribe link is not valid',
  unsubscribeConfirm: (kind: string) =>
    `Send a POST to this address to stop ${kind} emails (one click in your mail app)`,
  unsubscribed: (kind: string) => `You will no longer receive ${kind} emails`,
} as const;
