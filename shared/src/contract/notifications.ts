/**
 * Notifications (issue 31, "Notifications"): what a signed-in user is told about the market,
 * read from its events. A kind is `<what>.<what happened to it>`, as the market's events are,
 * but said from the side of the one who is told: their item got an offer, their offer was
 * accepted, declined or outbid, their item sold, their reservation is lapsing or lapsed, an item
 * they watch was listed or repriced at or below their alert price (`watch.alert`). This
 * list is the one place the kinds are written: the API's tables check their column against it.
 */
export const NOTIFICATION_KINDS = [
  'offer.received',
  'offer.accepted',
  'offer.declined',
  'offer.outbid',
  'item.sold',
  'reservation.lapsing',
  'reservation.lapsed',
  'watch.alert',
] as const;

export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** The kinds that are also sent by email (the important ones), each with its own unsubscribe. */
export const MAILED_NOTIFICATION_KINDS = [
  'offer.received',
  'offer.accepted',
  'item.sold',
  'reservation.lapsing',
  'reservation.lapsed',
] as const satisfies readonly NotificationKind[];

export const isNotificationKind = (value: unknown): value is NotificationKind =>
  typeof value === 'string' && (NOTIFICATION_KINDS as readonly string[]).includes(value);

export const isMailedNotificationKind = (
  value: unknown,
): value is (typeof MAILED_NOTIFICATION_KINDS)[number] =>
  typeof value === 'string' && (MAILED_NOTIFICATION_KINDS as readonly string[]).includes(value);

/** How long before a reservation's end its maker is told it is lapsing. */
export const RESERVATION_LAPSING_NOTICE_MS = 60 * 60 * 1000;
