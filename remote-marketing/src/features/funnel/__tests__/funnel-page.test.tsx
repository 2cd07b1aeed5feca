import { act, fireEvent, screen, within } from '@testing-library/react';

import {
  observedCount,
  scrollIntoView,
  setOnScreenAtOpen,
  setReducedMotion,
} from '../../../test/browser-stubs';
import { renderPage } from '../../../test/render-page';
import FunnelPage from '../funnel-page';
import { REWARD_TIERS } from '../../../data/constants';

const region = (name: string | RegExp) => screen.getByRole('region', { name });
const renderFunnel = () => renderPage(<FunnelPage />, '/funnel-page');

describe('Funnel page', () => {
  it('shows the six sections in the order of the product', () => {
    renderFunnel();
    const headings = screen
      .getAllByRole('heading', { level: 1 })
      .concat(screen.getAllByRole('heading', { level: 2 }))
      .map((heading) => heading.textContent);
    expect(headings).toEqual([
      'The Ultimate Gaming Marketplace',
      'The Story Behind Our Vision',
      'Meet the Team',
      'Join Our Funding Journey',
      'Trusted by 10,000+ Industry Leaders',
      'Begin Your Gaming Evolution',
    ]);
  });

  it('hero: two buttons hidden on small screens, with no action, then the stat strip', () => {
    renderFunnel();
    const hero = region('The Ultimate Gaming Marketplace');
    for (const name of ['Explore Marketplace', 'Start Selling Games']) {
      const button = within(hero).getByRole('button', { name });
      expect(button.closest('.mk-desktop-only')).not.toBeNull();
      fireEvent.click(button);
    }
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/funnel-page$/);
    const stats = within(hero).getByRole('list', { name: 'Marketplace in figures' });
    expect(
      within(stats)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      '250K+ Games Available',
      '500K+ Active Users',
      '$50M+ Transactions',
      '99.8% Satisfaction',
    ]);
  });

  it('story: three paragraphs, and the video loads only when asked for', () => {
    const { container } = renderFunnel();
    const story = region('The Story Behind Our Vision');
    expect(story.querySelectorAll('p:not(.eyebrow)')).toHaveLength(3);
    expect(container.querySelector('iframe')).toBeNull();

    fireEvent.click(within(story).getByRole('button', { name: /Play video/ }));
    const frame = container.querySelector('iframe');
    expect(frame).not.toBeNull();
    expect(frame).toHaveAttribute('title', 'The Hyper Tek vision');
    expect(frame?.getAttribute('src')).toMatch(/autoplay=1/);
  });

  it('team (#team): six cards with name, role, avatar and LinkedIn and GitHub links', () => {
    const { container } = renderFunnel();
    const team = region('Meet the Team');
    expect(team).toHaveAttribute('id', 'team');
    expect(container.querySelectorAll('#team')).toHaveLength(1);
    const cards = within(team)
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.closest('li')!);
    expect(cards).toHaveLength(6);
    for (const card of cards) {
      const name = within(card).getByRole('heading').textContent;
      expect(within(card).getByRole('img', { name: `Avatar of ${name}` }).tagName).toBe('svg');
      const revealed = card.querySelector<HTMLElement>('.mk-team-card-reveal')!;
      expect(within(revealed).getByText(name)).toBeInTheDocument();
      expect(within(revealed).getByRole('link', { name: `${name} on LinkedIn` })).toHaveAttribute(
        'href',
        '#team',
      );
      expect(within(revealed).getByRole('link', { name: `${name} on GitHub` })).toHaveAttribute(
        'href',
        '#team',
      );
    }
    expect(within(cards[0]!).getAllByText('Founder & Creative Director')).toHaveLength(2);
  });

  it('funding: figures, progress bar, three tiers, other platforms and trust badges', () => {
    renderFunnel();
    const funding = region('Join Our Funding Journey');
    expect(within(funding).getByText('$128K')).toBeInTheDocument();
    expect(within(funding).getByText('84%')).toBeInTheDocument();
    expect(within(funding).getByText('28 Days Left')).toBeInTheDocument();
    expect(within(funding).getByRole('progressbar', { name: 'Funding progress' })).toHaveAttribute(
      'aria-valuenow',
      '84',
    );

    const tiers = within(within(funding).getByRole('list', { name: 'Reward tiers' }))
      .getAllByRole('listitem')
      .filter((item) => item.classList.contains('mk-tier'));
    expect(tiers).toHaveLength(3);
    REWARD_TIERS.forEach((tier, i) => {
      const card = tiers[i]!;
      expect(within(card).getByRole('heading', { name: tier.title })).toBeInTheDocument();
      expect(card).toHaveTextContent(`$${tier.price}`);
      expect(card).toHaveTextContent(`was $${tier.originalPrice}`);
      expect(within(card).getByText('Limited spots available')).toBeInTheDocument();
      expect(within(card).queryByText('MOST POPULAR') !== null).toBe(tier.popular);
      fireEvent.click(within(card).getByRole('button', { name: tier.buttonText }));
    });
    expect(within(tiers[1]!).getByText('MOST POPULAR')).toBeInTheDocument();
    expect(tiers[1]).toHaveTextContent('Premium Backer');

    for (const platform of ['Kickstarter', 'Indiegogo', 'Patreon']) {
      fireEvent.click(within(funding).getByRole('button', { name: platform }));
    }
    const badges = within(funding).getByRole('list', { name: 'Why back with us' });
    expect(
      within(badges)
        .getAllByRole('listitem')
        .map((badge) => badge.textContent),
    ).toEqual(['Secure Payment', 'Trusted by 500+', 'Instant Delivery', '24/7 Support']);
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/funnel-page$/);
  });

  it('testimonials: five quotes and the four trust figures', () => {
    renderFunnel();
    const trust = region('Trusted by 10,000+ Industry Leaders');
    expect(within(trust).getAllByRole('button', { name: /^Show testimonial/ })).toHaveLength(5);
    const stats = within(trust).getByRole('list', { name: 'Hyper Tek in figures' });
    expect(
      within(stats)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      '30K+ Global Companies',
      '4.9/5 Average Rating',
      '98% Client Satisfaction',
      '24/7 Premium Support',
    ]);
  });

  it("closing call to action: 'Contribure Now', spelt so, does nothing", () => {
    renderFunnel();
    const cta = region('Begin Your Gaming Evolution');
    fireEvent.click(within(cta).getByRole('button', { name: 'Contribure Now' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/funnel-page$/);
  });

  describe('animate in once when scrolled into view', () => {
    const animated = () => [
      region('The Ultimate Gaming Marketplace'),
      region('The Story Behind Our Vision'),
      region('Meet the Team'),
    ];

    it('hero, story and team wait for the scroll, then stay shown', () => {
      renderFunnel();
      for (const section of animated()) {
        expect(section).toHaveClass('mk-reveal');
        expect(section).not.toHaveClass('mk-reveal-in');
        act(() => scrollIntoView(section));
        expect(section).toHaveClass('mk-reveal-in');
      }
      expect(observedCount()).toBe(0);
      expect(region('Join Our Funding Journey')).not.toHaveClass('mk-reveal');
    });

    it('shows a section that is on screen when the page opens as it is, without fading it in', () => {
      // jsdom lays nothing out: every section is on the first screen, as the hero is on a phone.
      setOnScreenAtOpen(true);
      renderFunnel();
      for (const section of animated()) expect(section).not.toHaveClass('mk-reveal');
      expect(observedCount()).toBe(0);
    });

    it('does not animate at all when the visitor prefers reduced motion', () => {
      setReducedMotion(true);
      renderFunnel();
      for (const section of animated()) expect(section).not.toHaveClass('mk-reveal');
      expect(observedCount()).toBe(0);
    });
  });
});
