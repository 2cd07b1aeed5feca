import {
  api,
  errorMessage,
  isCancelled,
  MESSAGES,
  notify,
  sanitizeFullName,
  session,
  useSession,
  validateNewPassword,
  type User,
} from '@hypertek/shared';
import { useApiQuery } from '@hypertek/shared/data';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';

import { FormError } from '../../components/form-error';
import { PasswordField } from '../../components/password-field';
import { FullScreenSpinner } from '../../components/full-screen-spinner';
import { useFormSubmit } from '../../hooks/use-form-submit';
import '../../styles/profile.css';
import { AvatarPicker } from './components/avatar-picker';
import { CopyIdButton } from './components/copy-id-button';
import { LoginFirst } from './components/login-first';
import { NotificationSettings } from './components/notification-settings';
import { userId } from './lib/display-name';

/** The user of a profile answer. An answer without one counts as a failure (the fallback message). */
function savedOf(body: { user?: User | null; token?: string }): { user: User; token?: string } {
  if (!body.user) throw new Error('The answer holds no user');
  return { user: body.user, token: body.token };
}

/**
 * The form of /edit: loads the profile, then saves FullName, Email (read-only),
 * Bio, Password, NewPassword and an optional Avatar as multipart; on success the session's user is
 * replaced and the page goes to /profile.
 */
function EditProfileForm({ sessionUser }: { sessionUser: User }) {
  const navigate = useNavigate();
  const ids = { name: useId(), nameNote: useId(), email: useId(), bio: useId() };
  const [profile, setProfile] = useState(sessionUser);
  const [FullName, setFullName] = useState(sessionUser.FullName);
  const [nameMessage, setNameMessage] = useState<string | null>(null);
  const [Bio, setBio] = useState(sessionUser.Bio);
  const [Password, setPassword] = useState('');
  const [NewPassword, setNewPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [Avatar, setAvatar] = useState<File | null>(null);

  // The profile as the server has it now; its answer fills the fields once (the session's copy
  // shows meanwhile). Read afresh on every visit: nothing is kept once the page is left.
  const read = useApiQuery({
    queryKey: ['profile', sessionUser._id],
    queryFn: ({ signal }) =>
      api
        .getProfile({ signal })
        .then((body) => savedOf(body).user)
        .catch((error: unknown) => {
          if (!isCancelled(error)) notify.error(errorMessage(error, MESSAGES.profileFetchFailed));
          throw error;
        }),
    gcTime: 0,
  });
  const loading = read.isFetching;
  const [filledFrom, setFilledFrom] = useState<User | null>(null);
  if (read.data && read.data !== filledFrom) {
    setFilledFrom(read.data);
    setProfile(read.data);
    setFullName(read.data.FullName);
    setBio(read.data.Bio);
  }

  const form = useFormSubmit({
    validate: () => (profile.Password ? validateNewPassword(NewPassword, confirm) : null),
    request: () => {
      const form = new FormData();
      form.append('FullName', FullName);
      form.append('Email', profile.Email);
      form.append('Bio', Bio);
      form.append('Password', profile.Password ? Password : '');
      form.append('NewPassword', profile.Password ? NewPassword : '');
      if (Avatar) form.append('Avatar', Avatar);
      return api.updateProfile(form).then(savedOf);
    },
    failureMessage: MESSAGES.profileUpdateFailed,
    onSuccess: ({ user, token }) => {
      // A password change revokes older tokens; the server hands back the new one.
      if (token) session.signIn(user, token);
      else session.updateUser(user);
      notify.success(MESSAGES.profileUpdated);
      void navigate('/profile');
    },
  });
  const passwordErrorId = form.errorIdFor(MESSAGES.newPasswordMismatch, MESSAGES.passwordLength);

  return (
    <section className="container section ac-edit">
      <p className="eyebrow">Pilot settings</p>
      <h1>Edit Profile</h1>
      <form
        className="card ac-edit-card"
        noValidate
        aria-busy={loading}
        onSubmit={(e) => {
          e.preventDefault();
          void form.submit();
        }}
      >
        <aside className="ac-edit-side">
          <AvatarPicker current={profile.Avatar} onPick={setAvatar} />
          <div className="ac-uid">
            <span className="muted">User ID</span>
            <code>{userId(profile)}</code>
            <CopyIdButton id={userId(profile)} />
          </div>
        </aside>
        <div className="form ac-edit-fields">
          <div className="field">
            <label htmlFor={ids.name}>Full Name</label>
            <input
              id={ids.name}
              autoComplete="name"
              value={FullName}
              aria-describedby={ids.nameNote}
              onChange={(e) => {
                const { value, message } = sanitizeFullName(e.target.value);
                setFullName(value);
                setNameMessage(message);
              }}
            />
            <p
              id={ids.nameNote}
              className={nameMessage ? 'form-error' : 'muted ac-hint'}
              aria-live="polite"
            >
              {nameMessage ?? 'Letters and spaces only.'}
            </p>
          </div>
          <div className="field">
            <label htmlFor={ids.email}>Email</label>
            <input
              id={ids.email}
              type="email"
              value={profile.Email}
              readOnly
              aria-readonly="true"
            />
          </div>
          <div className="field">
            <label htmlFor={ids.bio}>Bio</label>
            <textarea id={ids.bio} rows={4} value={Bio} onChange={(e) => setBio(e.target.value)} />
          </div>
          {profile.Password && (
            <fieldset className="ac-fieldset">
              <legend>Change password</legend>
              <PasswordField
                label="Current Password"
                value={Password}
                onChange={setPassword}
                autoComplete="current-password"
              />
              <PasswordField
                label="New Password"
                value={NewPassword}
                onChange={setNewPassword}
                autoComplete="new-password"
                errorId={passwordErrorId}
              />
              <PasswordField
                label="Confirm New Password"
                value={confirm}
                onChange={setConfirm}
                autoComplete="new-password"
                errorId={passwordErrorId}
              />
            </fieldset>
          )}
          <FormError id={form.errorId} message={form.error} />
          <div className="ac-edit-actions">
            <button
              type="button"
              className="btn btn-ghost"
              onClick={() => void navigate('/profile')}
            >
              Cancel
            </button>
            <button type="submit" className="btn btn-primary" disabled={form.pending}>
              Save
            </button>
          </div>
        </div>
      </form>
      {/* Read once the profile is: its failure says it once, and the profile comes first. */}
      {filledFrom !== null && <NotificationSettings userId={sessionUser._id} />}
      {form.pending && <FullScreenSpinner />}
    </section>
  );
}

/** /edit. Signed-out visitors see 'Please Login first!'. */
export default function EditPage() {
  const { user, isLoggedInUser } = useSession();
  if (!isLoggedInUser || !user) return <LoginFirst />;
  return <EditProfileForm sessionUser={user} />;
}
