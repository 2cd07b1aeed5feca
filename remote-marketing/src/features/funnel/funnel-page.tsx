import '../../styles/marketing.css';
import '../../styles/funnel.css';

import { reportFunnelStep } from '@hypertek/shared';
import { useEffect } from 'react';

import { ClosingCta } from './components/closing-cta';
import { FundingSection } from './components/funding-section';
import { FunnelHero } from './components/funnel-hero';
import { TeamSection } from './components/team-section';
import { TestimonialsSection } from './components/testimonials-section';
import { VisionStory } from './components/vision-story';

/**
 * /funnel-page — the static crowdfunding landing page (docs/product.md, sections 1–6 in order).
 * Shown, it is the funnel's first step (`funnel-viewed`, counted per version of this remote).
 */
export default function FunnelPage() {
  useEffect(() => reportFunnelStep('funnel-viewed'), []);
  return (
    <div className="mk-page mk-funnel">
      <FunnelHero />
      <VisionStory />
      <TeamSection />
      <FundingSection />
      <TestimonialsSection />
      <ClosingCta />
    </div>
  );
}
