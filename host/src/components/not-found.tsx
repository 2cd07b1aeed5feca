import { pageTitle, useDocumentHead, type PageHead } from '@hypertek/shared';
import { useNavigate } from 'react-router';

/** The head of any path no app owns (the host's web server answers it with a 404). */
export const NOT_FOUND_HEAD: PageHead = {
  title: pageTitle('Page not found'),
  description: 'This sector of 2117 does not exist, or it was lost in the war.',
};

/** Any path no app owns. */
export function NotFound() {
  const navigate = useNavigate();
  useDocumentHead(NOT_FOUND_HEAD);
  return (
    <section className="not-found" data-testid="not-found">
      <p className="not-found-code" aria-hidden="true">
        404
      </p>
      <h1>Opps! 404</h1>
      <p>This sector of 2117 does not exist, or it was lost in the war.</p>
      <button type="button" className="btn btn-primary" onClick={() => void navigate('/')}>
        Go Home
      </button>
    </section>
  );
}
