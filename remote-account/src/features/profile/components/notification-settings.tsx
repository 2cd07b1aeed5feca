import {
  api,
  errorMessage,
  notify,
  validateMarketPrice,
  type NotificationKind,
  type NotificationPreference,
  type NotificationPreferencesAnswer,
} from '@hypertek/shared';
import { useApiQuery } from '@hypertek/shared/data';
import { useId, useState } from 'react';

import { FormError } from '../../../components/form-error';
import { useFormSubmit } from '../../../hooks/use-form-submit';
import { ReadFailure } from './read-failure';

/** What each kind of notification is, as the settings say it. */
const KIND_LABELS: Record<NotificationKind, string> = {
  'offer.received': 'An offer on my item',
  'offer.accepted': 'My offer accepted',
  'offer.declined': 'My offer declined',
  'offer.outbid': 'A higher offer than mine',
  'item.sold': 'My item sold',
  'reservation.lapsing': 'My reservation ending within the hour',
  'reservation.lapsed': 'My reservation lapsed',
  'watch.alert': 'A watched item listed at or below my alert price',
};

/** One switch of a kind. */
function Check(props: { label: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <label>
      <input
        type="checkbox"
        checked={props.checked}
        onChange={(e) => props.onChange(e.target.checked)}
      />{' '}
      {props.label}
    </label>
  );
}

const SAVED = 'Notification settings saved';
const SAVE_FAILED = 'Notification settings could not be saved';

/**
 * /edit's notification settings: per kind, told in the notification centre and (the mailed
 * kinds) by email, and the minimum offer below which offers on my items tell me nothing. Its own
 * form: saving it sends only these (`PATCH /notifications/preferences`).
 */
function SettingsForm({ saved }: { saved: NotificationPreferencesAnswer }) {
  const ids = { heading: useId(), min: useId(), minNote: useId() };
  const [kinds, setKinds] = useState<NotificationPreference[]>(saved.kinds);
  const [minOffer, setMinOffer] = useState(
    saved.minOfferPrice === null ? '' : String(saved.minOfferPrice),
  );
  const set = (kind: NotificationKind, change: Partial<NotificationPreference>) =>
    setKinds((all) => all.map((k) => (k.kind === kind ? { ...k, ...change } : k)));

  const form = useFormSubmit({
    validate: () => {
      if (minOffer.trim() === '') return null;
      const checked = validateMarketPrice(minOffer);
      return typeof checked === 'string' ? checked : null;
    },
    request: () =>
      api.notifications.changePreferences({
        kinds: kinds.map(({ kind, notify: on, email }) => ({
          kind,
          notify: on,
          ...(email === null ? {} : { email }),
        })),
        minOfferPrice: minOffer.trim() === '' ? null : Number(minOffer),
      }),
    failureMessage: SAVE_FAILED,
    onSuccess: () => notify.success(SAVED),
  });

  return (
    <form
      className="card ac-notify-card"
      noValidate
      aria-labelledby={ids.heading}
      onSubmit={(e) => {
        e.preventDefault();
        void form.submit();
      }}
    >
      <h2 id={ids.heading}>Notifications</h2>
      <fieldset className="ac-fieldset">
        <legend>Tell me when</legend>
        {kinds.map(({ kind, notify: on, email }) => (
          <div key={kind} className="ac-notify-row">
            <span>{KIND_LABELS[kind]}</span>
            <Check label="On the site" checked={on} onChange={(v) => set(kind, { notify: v })} />
            {email !== null && (
              <Check label="By email" checked={email} onChange={(v) => set(kind, { email: v })} />
            )}
          </div>
        ))}
      </fieldset>
      <div className="field">
        <label htmlFor={ids.min}>Minimum offer (USD)</label>
        <input
          id={ids.min}
          inputMode="decimal"
          value={minOffer}
          aria-describedby={form.error === null ? ids.minNote : `${ids.minNote} ${form.errorId}`}
          onChange={(e) => setMinOffer(e.target.value)}
        />
        <p id={ids.minNote} className="muted ac-hint">
          Offers below it on your items tell you nothing. Empty: every offer does.
        </p>
      </div>
      {/* Only while there is one: the profile form's is the page's live region. */}
      {form.error !== null && <FormError id={form.errorId} message={form.error} />}
      <div className="ac-edit-actions">
        <button type="submit" className="btn btn-primary" disabled={form.pending}>
          Save notifications
        </button>
      </div>
    </form>
  );
}

/** Loads the settings (a failure says so, with 'Try again'), then shows their form. */
export function NotificationSettings({ userId }: { userId: string }) {
  const read = useApiQuery({
    queryKey: ['notification-preferences', userId],
    queryFn: ({ signal }) => api.notifications.preferences({ signal }),
    gcTime: 0,
  });
  if (read.isError) {
    return (
      <ReadFailure
        what="Your notification settings"
        message={errorMessage(read.error, '')}
        retry={() => void read.refetch()}
      />
    );
  }
  if (!read.data) return <p className="muted">Loading notification settings…</p>;
  return <SettingsForm saved={read.data} />;
}
