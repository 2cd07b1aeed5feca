/**
 * Notifications (`GET /notifications`, marking read, preferences, unsubscribe), written once as
 * schemas: the API validates and documents with them; `@hypertek/shared/contract` re-exports
 * their types for the apps.
 */
import { Type, type Static } from 'typebox';
import { MAILED_NOTIFICATION_KINDS, NOTIFICATION_KINDS } from '../notifications';
import { KindSchema, Nullable, Success } from './common';

const NotificationKindSchema = Type.Enum(NOTIFICATION_KINDS);
const Unread = Type.Integer({ minimum: 0, description: "The caller's unread notifications" });

/** One notification: what happened, on which item, at what price, and whether it was read. */
export const NotificationSchema = Type.Object({
  id: Type.String({ description: 'Increasing: a newer notification has a larger id' }),
  kind: NotificationKindSchema,
  text: Type.String({ description: 'What happened, in words' }),
  itemId: Type.String(),
  itemKind: KindSchema,
  title: Type.String({ description: "The item's title" }),
  offerId: Nullable(Type.String()),
  price: Nullable(Type.Number({ description: 'The price it is about, in dollars' })),
  priceCents: Nullable(Type.Integer({ description: 'The same, in cents' })),
  reservedUntil: Nullable(
    Type.String({
      format: 'date-time',
      description: 'Accepted and lapsing: the end of the reservation',
    }),
  ),
  at: Type.String({ format: 'date-time', description: "The market's time of what happened" }),
  read: Type.Boolean(),
});
export type Notification = Static<typeof NotificationSchema>;

export const NotificationsAnswerSchema = Type.Object({
  success: Success,
  message: Type.String(),
  data: Type.Array(NotificationSchema, { description: 'Newest first' }),
  nextCursor: Nullable(Type.String({ description: 'Send as `cursor` for the next page' })),
  unread: Unread,
});
export type NotificationsAnswer = Static<typeof NotificationsAnswerSchema>;

/** The answer of marking one or all read: the unread count after it. */
export const NotificationsReadAnswerSchema = Type.Object({
  success: Success,
  message: Type.String(),
  unread: Unread,
});
export type NotificationsReadAnswer = Static<typeof NotificationsReadAnswerSchema>;

/** One kind's switches: told in the notification centre, and by email (mailed kinds only). */
export const NotificationPreferenceSchema = Type.Object({
  kind: NotificationKindSchema,
  notify: Type.Boolean({ description: 'Told in the notification centre' }),
  email: Nullable(Type.Boolean({ description: 'Told by email; null: this kind is never mailed' })),
});
export type NotificationPreference = Static<typeof NotificationPreferenceSchema>;

export const NotificationPreferencesAnswerSchema = Type.Object({
  success: Success,
  message: Type.String(),
  kinds: Type.Array(NotificationPreferenceSchema, { description: 'Every kind, in one order' }),
  minOfferPrice: Nullable(
    Type.Number({ description: 'Offers below this price (dollars) neither notify nor mail' }),
  ),
  minOfferCents: Nullable(Type.Integer({ description: 'The same, in cents' })),
});
export type NotificationPreferencesAnswer = Static<typeof NotificationPreferencesAnswerSchema>;

/** What `PATCH /notifications/preferences` changes: only what it names. */
export const NotificationPreferencesBodySchema = Type.Object(
  {
    kinds: Type.Optional(
      Type.Array(
        Type.Object(
          {
            kind: NotificationKindSchema,
            notify: Type.Optional(Type.Boolean()),
            email: Type.Optional(Type.Boolean()),
          },
          { additionalProperties: false },
        ),
        { maxItems: NOTIFICATION_KINDS.length * 2 },
      ),
    ),
    minOfferPrice: Type.Optional(
      Nullable(Type.Number({ description: 'Dollars, at most 2 decimals; null: no threshold' })),
    ),
  },
  { additionalProperties: false },
);
export type NotificationPreferencesRequest = Static<typeof NotificationPreferencesBodySchema>;

/** What an unsubscribe link did (POST) or would do (GET): the one kind it names. */
export const UnsubscribeAnswerSchema = Type.Object({
  success: Success,
  message: Type.String(),
  kind: Type.Enum(MAILED_NOTIFICATION_KINDS),
  email: Type.Boolean({ description: 'Whether this kind is mailed now' }),
});
export type UnsubscribeAnswer = Static<typeof UnsubscribeAnswerSchema>;
