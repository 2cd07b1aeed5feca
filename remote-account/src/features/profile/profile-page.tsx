import { apiAssetUrl, MESSAGES, PROFILE_BALANCE, useSession } from '@hypertek/shared';
import { Link } from 'react-router';

/** /Profile (SPEC §2 profile area). The collectibles grid arrives with the profile issue. */
export default function ProfilePage() {
  const { user, isLoggedInUser } = useSession();
  if (!isLoggedInUser || !user) {
    return (
      <section className="container page-header">
        <h1>Profile</h1>
        <p className="lead">{MESSAGES.loginFirst}</p>
        <Link to="/signin" className="btn btn-primary">
          Sign In
        </Link>
      </section>
    );
  }
  const avatar = apiAssetUrl(user.Avatar);
  return (
    <section className="container page-header">
      <div style={{ display: 'flex', gap: '1.25rem', alignItems: 'center', flexWrap: 'wrap' }}>
        {avatar ? (
          <img src={avatar} alt="" width={96} height={96} style={{ borderRadius: '50%' }} />
        ) : (
          <span className="icon-button" aria-hidden="true" style={{ width: 96, height: 96 }} />
        )}
        <div>
          <h1>{user.FullName || user.Email}</h1>
          <p className="muted">ID: {user._id}</p>
          <p className="price">{PROFILE_BALANCE}</p>
          <Link to="/edit" className="btn btn-ghost">
            Edit Profile
          </Link>
        </div>
      </div>
    </section>
  );
}
