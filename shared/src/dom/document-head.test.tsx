import { render } from '@testing-library/react';
import { StrictMode } from 'react';

import {
  pageTitle,
  setDocumentHead,
  setRouteHead,
  SITE_NAME,
  useDocumentHead,
  type PageHead,
} from './document-head';

const descriptions = () =>
  document.head.querySelectorAll<HTMLMetaElement>('meta[name="description"]');
const description = () => descriptions()[0]?.content;

/** A component that shows `head` in the document's head, as a page does. */
function Page({ head }: { head: PageHead | null }) {
  useDocumentHead(head);
  return <p>page</p>;
}

beforeEach(() => {
  document.title = '';
  document.head.innerHTML = '';
});

describe('pageTitle', () => {
  it("joins the parts with ' · ' and ends with the site's name", () => {
    expect(SITE_NAME).toBe('Hyper Tek');
    expect(pageTitle('Neon Basin Outpost', 'Land')).toBe('Neon Basin Outpost · Land · Hyper Tek');
    expect(pageTitle('About')).toBe('About · Hyper Tek');
  });

  it("is the site's name alone without parts", () => {
    expect(pageTitle()).toBe('Hyper Tek');
  });

  it('skips empty and blank parts', () => {
    expect(pageTitle('', 'Land', '   ')).toBe('Land · Hyper Tek');
    expect(pageTitle('', ' ')).toBe('Hyper Tek');
  });
});

describe('setDocumentHead', () => {
  it('sets the title and creates the description when the document has none', () => {
    expect(descriptions()).toHaveLength(0);

    setDocumentHead({ title: 'About · Hyper Tek', description: 'The studio.' });

    expect(document.title).toBe('About · Hyper Tek');
    expect(descriptions()).toHaveLength(1);
    expect(description()).toBe('The studio.');
    expect(descriptions()[0]?.parentElement).toBe(document.head);
  });

  it('reuses the description afterwards, updating it', () => {
    setDocumentHead({ title: 'One · Hyper Tek', description: 'First.' });
    const meta = descriptions()[0];

    setDocumentHead({ title: 'Two · Hyper Tek', description: 'Second.' });

    expect(document.title).toBe('Two · Hyper Tek');
    expect(descriptions()).toHaveLength(1);
    expect(descriptions()[0]).toBe(meta);
    expect(description()).toBe('Second.');
  });

  it('updates a description the server wrote into the page', () => {
    document.head.innerHTML = '<meta name="description" content="From the server.">';
    const meta = descriptions()[0];

    setDocumentHead({ title: 'FAQ · Hyper Tek', description: 'Answers.' });

    expect(descriptions()).toHaveLength(1);
    expect(descriptions()[0]).toBe(meta);
    expect(description()).toBe('Answers.');
  });
});

describe('useDocumentHead', () => {
  it('sets the head on mount', () => {
    render(<Page head={{ title: 'News · Hyper Tek', description: 'The latest.' }} />);

    expect(document.title).toBe('News · Hyper Tek');
    expect(description()).toBe('The latest.');
  });

  it('sets it again when the head changes', () => {
    const { rerender } = render(
      <Page head={{ title: 'News · Hyper Tek', description: 'The latest.' }} />,
    );

    rerender(<Page head={{ title: 'FAQ · Hyper Tek', description: 'Answers.' }} />);

    expect(document.title).toBe('FAQ · Hyper Tek');
    expect(description()).toBe('Answers.');
  });

  it('follows a new description under the same title', () => {
    const { rerender } = render(<Page head={{ title: 'Land · Hyper Tek', description: 'A.' }} />);

    rerender(<Page head={{ title: 'Land · Hyper Tek', description: 'B.' }} />);

    expect(description()).toBe('B.');
  });

  it('does nothing for null: the head stays as it was', () => {
    setDocumentHead({ title: 'Land · Hyper Tek', description: 'The route.' });

    const { rerender } = render(<Page head={null} />);

    expect(document.title).toBe('Land · Hyper Tek');
    expect(description()).toBe('The route.');

    // Nor when the page goes back to knowing nothing after it knew its head.
    rerender(<Page head={{ title: 'Outpost · Land · Hyper Tek', description: 'The item.' }} />);
    rerender(<Page head={null} />);
    expect(document.title).toBe('Outpost · Land · Hyper Tek');
    expect(description()).toBe('The item.');
  });

  it('creates no description for null', () => {
    render(<Page head={null} />);

    expect(document.title).toBe('');
    expect(descriptions()).toHaveLength(0);
  });
});

describe('setRouteHead', () => {
  const ROUTE = { title: 'Land · Hyper Tek', description: 'The route.' };
  const ITEM = { title: 'Outpost · Land · Hyper Tek', description: 'The item.' };

  it("writes the route's head when no page shows its own", () => {
    setRouteHead(ROUTE);

    expect(document.title).toBe('Land · Hyper Tek');
    expect(description()).toBe('The route.');
  });

  it("does not undo the head of a page that shows its own (the route's may arrive after it)", () => {
    render(<Page head={ITEM} />);

    setRouteHead(ROUTE);

    expect(document.title).toBe('Outpost · Land · Hyper Tek');
    expect(description()).toBe('The item.');
  });

  it('writes again once that page is gone, or shows no head of its own', () => {
    const { rerender, unmount } = render(<Page head={ITEM} />);
    rerender(<Page head={null} />);
    setRouteHead(ROUTE);
    expect(document.title).toBe('Land · Hyper Tek');

    rerender(<Page head={ITEM} />);
    expect(document.title).toBe('Outpost · Land · Hyper Tek');
    unmount();
    setRouteHead({ title: 'FAQ · Hyper Tek', description: 'Answers.' });
    expect(document.title).toBe('FAQ · Hyper Tek');
    expect(description()).toBe('Answers.');
  });

  it('is held back while any of several pages shows its own head', () => {
    const first = render(<Page head={ITEM} />);
    const second = render(<Page head={{ title: 'Other · Hyper Tek', description: 'Other.' }} />);

    first.unmount();
    setRouteHead(ROUTE);
    expect(document.title).toBe('Other · Hyper Tek');

    second.unmount();
    setRouteHead(ROUTE);
    expect(document.title).toBe('Land · Hyper Tek');
  });

  it('counts a page once in StrictMode (its effects run twice on mount)', () => {
    const { unmount } = render(
      <StrictMode>
        <Page head={ITEM} />
      </StrictMode>,
    );
    setRouteHead(ROUTE);
    expect(document.title).toBe('Outpost · Land · Hyper Tek');

    unmount();
    setRouteHead(ROUTE);
    expect(document.title).toBe('Land · Hyper Tek');
  });
});
