import { type Testimonial } from '@hypertek/shared';

import { ItemArt } from '@hypertek/shared/ui';
import { Icon } from '../../../components/icon';
import { MarketingSection } from '../../../components/marketing-section';
import { StatList } from '../../../components/stat-list';
import { useMinWindowWidth } from '../../../hooks/use-min-window-width';
import { TESTIMONIALS, TRUST_STATS } from '../data/testimonials';
import { useCarousel } from '../hooks/use-carousel';
import { CAROUSEL_WIDE_MIN_WIDTH } from '../../../data/constants';

function TestimonialCard({ testimonial }: { testimonial: Testimonial }) {
  return (
    <figure className="card mk-quote">
      <blockquote>
        <p>{testimonial.quote}</p>
      </blockquote>
      <figcaption>
        <span className="mk-quote-avatar">
          <ItemArt seed={testimonial.image} kind="avatar" />
        </span>
        <span>
          <strong>{testimonial.name}</strong>
          <span className="muted">
            {testimonial.role}, {testimonial.company}
          </span>
        </span>
      </figcaption>
    </figure>
  );
}

/**
 * The testimonial carousel: 3 cards from CAROUSEL_WIDE_MIN_WIDTH up, else 1; the
 * window starts at the current item and wraps round the end of the list.
 */
function TestimonialCarousel() {
  const wide = useMinWindowWidth(CAROUSEL_WIDE_MIN_WIDTH);
  const carousel = useCarousel(TESTIMONIALS.length);
  const count = TESTIMONIALS.length;
  const shown = [
    ...TESTIMONIALS.slice(carousel.index),
    ...TESTIMONIALS.slice(0, carousel.index),
  ].slice(0, wide ? 3 : 1);

  return (
    <div
      className="mk-carousel"
      role="region"
      aria-roledescription="carousel"
      aria-label="Testimonials"
      data-testid="testimonial-carousel"
      {...carousel.hoverHandlers}
    >
      <div
        className={wide ? 'mk-carousel-track mk-carousel-track-wide' : 'mk-carousel-track'}
        aria-live={carousel.stopped ? 'polite' : 'off'}
      >
        {shown.map((testimonial) => (
          <div
            key={testimonial.name}
            role="group"
            aria-roledescription="slide"
            aria-label={`${TESTIMONIALS.indexOf(testimonial) + 1} of ${count}`}
            className="mk-carousel-slide"
          >
            <TestimonialCard testimonial={testimonial} />
          </div>
        ))}
      </div>
      <div className="mk-carousel-controls">
        <button
          type="button"
          className="mk-carousel-toggle"
          onClick={carousel.toggleStopped}
          aria-label={carousel.stopped ? 'Start automatic slide show' : 'Stop automatic slide show'}
        >
          <Icon name={carousel.stopped ? 'play' : 'pause'} size={18} />
        </button>
        <ul className="mk-carousel-dots">
          {TESTIMONIALS.map((testimonial, i) => (
            <li key={testimonial.name}>
              <button
                type="button"
                className="mk-carousel-dot"
                aria-label={`Show testimonial ${i + 1}: ${testimonial.name}`}
                aria-current={i === carousel.index ? 'true' : undefined}
                onClick={() => carousel.goTo(i)}
              />
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

export function TestimonialsSection() {
  return (
    <MarketingSection
      id="funnel-trust"
      eyebrow="Testimonials"
      title="Trusted by 10,000+ Industry Leaders"
      centered
      intro="Studios, esports leagues and investors who already build on Hyper Tek."
    >
      <TestimonialCarousel />
      <StatList stats={TRUST_STATS} label="Hyper Tek in figures" />
    </MarketingSection>
  );
}
