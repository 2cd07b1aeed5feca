import type { TeamMember } from '@hypertek/shared';

import { ItemArt } from '@hypertek/shared/ui';
import { Icon, type IconName } from '../../../components/icon';
import { RevealSection } from '../../../components/reveal-section';
import { SectionHeading } from '../../../components/section-heading';
import { TEAM } from '../data/team';

const SOCIAL_ICONS: Record<string, IconName> = { LinkedIn: 'linkedin', GitHub: 'github' };

/** A member's card; hovering or focusing it reveals name, role, bio and profile links. */
function TeamCard({ member }: { member: TeamMember }) {
  return (
    <li className="mk-team-card">
      <div className="mk-team-card-photo">
        <ItemArt seed={member.img} kind="avatar" label={`Avatar of ${member.name}`} />
      </div>
      <div className="mk-team-card-caption">
        <h3>{member.name}</h3>
        <p className="muted">{member.role}</p>
      </div>
      <div className="mk-team-card-reveal">
        <p className="mk-team-card-name">{member.name}</p>
        <p className="mk-team-card-role">{member.role}</p>
        <p className="mk-team-card-bio">{member.bio}</p>
        <ul className="mk-team-card-socials">
          {member.socials.map((social) => (
            <li key={social.platform}>
              <a
                href={social.url}
                aria-label={`${member.name} on ${social.platform}`}
                className="mk-social"
              >
                <Icon name={SOCIAL_ICONS[social.platform] ?? 'arrow'} size={20} />
              </a>
            </li>
          ))}
        </ul>
      </div>
    </li>
  );
}

export function TeamSection() {
  return (
    <RevealSection id="team" labelledBy="funnel-team">
      <div className="container section">
        <SectionHeading id="funnel-team" eyebrow="The crew" title="Meet the Team" centered>
          Game makers, artists and engineers who have shipped worlds played by millions.
        </SectionHeading>
        <ul className="mk-team">
          {TEAM.map((member) => (
            <TeamCard key={member.name} member={member} />
          ))}
        </ul>
      </div>
    </RevealSection>
  );
}
