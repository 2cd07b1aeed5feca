import '../../styles/checkout.css';

import { Link } from 'react-router';

import { ResultPanel } from '../../components/result-panel';

/** /error, the failure screen: its 'Go Home' leads back to /payment, as the product says. */
export default function ErrorPage() {
  return (
    <ResultPanel
      tone="error"
      title="Your request was not successful"
      actions={
        <Link className="btn btn-primary" to="/payment">
          Go Home
        </Link>
      }
    >
      <p className="lead co-result-text">Nothing was charged. You can choose another way to pay.</p>
    </ResultPanel>
  );
}
