import '../../styles/marketing.css';
import '../../styles/content.css';

import { Link } from 'react-router';

import { FAQ_GROUPS } from './data/faq-entries';

/** /faq — an accordion of questions, built on <details> (keyboard and screen-reader ready). */
export default function FaqPage() {
  return (
    <div className="mk-page">
      <header className="container page-header">
        <p className="eyebrow">Help centre</p>
        <h1>Frequently Asked Questions</h1>
        <p className="lead">
          Answers to the questions pilots ask most. Can&apos;t find yours? Read the{' '}
          <Link to="/terms">Terms and Conditions</Link> or the{' '}
          <Link to="/about">story of Hyper Tek</Link>.
        </p>
      </header>
      <div className="container mk-faq">
        {FAQ_GROUPS.map((group) => (
          <section key={group.id} aria-labelledby={group.id}>
            <h2 id={group.id}>{group.title}</h2>
            <div className="mk-faq-list">
              {group.entries.map((entry) => (
                <details key={entry.question}>
                  <summary>{entry.question}</summary>
                  <div className="mk-faq-answer">
                    <p>{entry.answer}</p>
                  </div>
                </details>
              ))}
            </div>
          </section>
        ))}
      </div>
    </div>
  );
}
