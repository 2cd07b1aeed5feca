import '../../styles/marketing.css';
import '../../styles/content.css';

import { ItemArt } from '@hypertek/shared/ui';
import { Icon } from '../../components/icon';
import { NEWS_ARTICLES, type NewsArticle } from './data/news-articles';

const longDate = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

function Story({ article, featured }: { article: NewsArticle; featured: boolean }) {
  return (
    <article
      className={featured ? 'card mk-story mk-story-featured' : 'card mk-story'}
      aria-labelledby={`news-${article.slug}`}
    >
      <ItemArt seed={article.slug} kind="news" className="mk-story-art" />
      <div className="mk-story-body">
        <p className="mk-story-meta">
          <span className="mk-tag">{article.category}</span>
          <time className="muted" dateTime={article.date}>
            {longDate.format(new Date(article.date))}
          </time>
        </p>
        <h2 id={`news-${article.slug}`}>{article.title}</h2>
        <p className="muted">{article.summary}</p>
      </div>
    </article>
  );
}

/** /news — dispatches from the studio and the front lines. */
export default function NewsPage() {
  return (
    <div className="mk-page">
      <header className="container page-header">
        <p className="eyebrow">Transmissions</p>
        <h1>News</h1>
        <p className="lead">
          Dispatches from the front lines of 2117: seasons, updates, marketplace features and the
          people who build Hyper Tek.
        </p>
      </header>
      <div className="container">
        <p className="mk-coming-up">
          <Icon name="news" />
          New update coming up on the 25th of august
        </p>
        <ul className="mk-news-feed">
          {NEWS_ARTICLES.map((article, i) => (
            <li key={article.slug}>
              <Story article={article} featured={i === 0} />
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
