import { RevealSection } from '../../../components/reveal-section';
import { SectionHeading } from '../../../components/section-heading';
import { VISION_VIDEO } from '../data/vision-video';
import { VideoEmbed } from './video-embed';

export function VisionStory() {
  return (
    <RevealSection labelledBy="funnel-story">
      <div className="container section mk-split">
        <div>
          <SectionHeading
            id="funnel-story"
            eyebrow="Our mission"
            title="The Story Behind Our Vision"
          />
          <p>
            Gamers spend billions of hours building, winning and collecting — and own none of it. We
            are building Hyper Tek so that every item you earn is yours: to keep, to trade, or to
            carry into the next adventure.
          </p>
          <p className="muted">
            What began as a small team of game makers and engineers is now a marketplace, a universe
            set in 2117 and a community of players in more than 40 countries. Every system we design
            answers one question: is this fair to the player?
          </p>
          <p className="muted">
            We are funding the next chapter with our community rather than with gatekeepers. Your
            contribution, large or small, pays for new worlds, lower fees and tools for independent
            creators — and it earns you a place in the story from the very first day.
          </p>
        </div>
        <VideoEmbed {...VISION_VIDEO} />
      </div>
    </RevealSection>
  );
}
