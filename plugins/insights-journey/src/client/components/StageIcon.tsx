import { Icon, type IconName } from '@blueprintjs/core';
import type { StageIcon as StageIconName } from '../../common';

/** JRN-043: the spec's icon names (Font Awesome's) drawn with Blueprint's nearest icon. */
const BLUEPRINT: Record<Exclude<StageIconName, `circle-${number}`>, IconName> = {
  blank: 'blank',
  'eye-slash': 'eye-off',
  'low-vision': 'eye-on',
  eye: 'eye-open',
  group: 'people',
  heartbeat: 'pulse',
  heart: 'heart',
  'meh-o': 'emoji',
  'thumbs-up': 'thumbs-up',
  'thumbs-down': 'thumbs-down',
  key: 'key',
  'shopping-cart': 'shopping-cart',
  comments: 'chat',
  'clock-o': 'time',
  bullhorn: 'announcement',
  magnet: 'locate',
  star: 'star',
  'map-marker': 'map-marker',
  flag: 'flag',
  'question-circle': 'help',
  envelope: 'envelope',
  'envelope-open': 'inbox',
  tachometer: 'dashboard',
  calendar: 'calendar',
  'balance-scale': 'comparison',
};

/** A stage's icon; circle-1 … circle-10 are numbered circles drawn as SVG (JRN-043). */
export function StageIcon({ icon, size = 16, colour }: { icon: StageIconName; size?: number; colour?: string }) {
  const n = /^circle-(\d+)$/.exec(icon)?.[1];
  if (n) {
    return (
      <svg width={size} height={size} viewBox="0 0 20 20" aria-hidden focusable="false" data-icon={icon} style={{ flex: 'none' }}>
        <circle cx="10" cy="10" r="9" fill="none" stroke={colour ?? 'currentColor'} strokeWidth="2" />
        <text x="10" y="10.5" textAnchor="middle" dominantBaseline="middle" fontSize={n.length > 1 ? 9 : 11} fontWeight={700} fill={colour ?? 'currentColor'}>
          {n}
        </text>
      </svg>
    );
  }
  return <Icon icon={BLUEPRINT[icon as keyof typeof BLUEPRINT]} size={size} color={colour} aria-hidden tabIndex={-1} data-icon={icon} />;
}
