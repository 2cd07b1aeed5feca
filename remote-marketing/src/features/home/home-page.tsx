import '../../styles/marketing.css';
import '../../styles/home.css';

import { BrandTicker } from './components/brand-ticker';
import { CatalogueSection } from './components/catalogue-section';
import { HomeHero } from './components/home-hero';
import { HowItWorks } from './components/how-it-works';
import { NewsSection } from './components/news-section';
import { StorySection } from './components/story-section';

/** / — the home page. */
export default function HomePage() {
  return (
    <div className="mk-page">
      <HomeHero />
      <BrandTicker />
      <StorySection />
      <NewsSection />
      <HowItWorks />
      <CatalogueSection
        id="home-popular"
        title="Popular Collections"
        intro="The NFAs pilots are collecting right now."
        list="market"
      />
      <CatalogueSection
        id="home-market"
        title="MarketPlace"
        intro="Land parcels on the 2117 frontier, ready to claim."
        list="land"
      />
    </div>
  );
}
