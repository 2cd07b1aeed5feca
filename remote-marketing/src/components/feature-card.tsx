import type { ReactNode } from 'react';

import { Icon, type IconName } from './icon';

export interface Feature {
  icon: IconName;
  title: string;
  text: string;
}

interface FeatureCardProps {
  feature: Feature;
  /** `row` puts the icon beside the text instead of above it. */
  layout?: 'stack' | 'row';
  /** Drawn in a corner, e.g. a step number. */
  corner?: ReactNode;
}

/** A card with an icon badge, a title (h3) and a short text; rendered as a list item. */
export function FeatureCard({ feature, layout = 'stack', corner }: FeatureCardProps) {
  return (
    <li className={`card mk-feature mk-feature-${layout}`}>
      {corner}
      <span className="mk-icon-badge">
        <Icon name={feature.icon} />
      </span>
      <div>
        <h3>{feature.title}</h3>
        <p className="muted">{feature.text}</p>
      </div>
    </li>
  );
}
