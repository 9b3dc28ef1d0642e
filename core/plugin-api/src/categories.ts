/** SHELL-004: the fixed category order of the left navigation. */
export const NAV_CATEGORIES = ['insights', 'audiences', 'plans', 'outcomes', 'creative', 'toolbox', 'analytics'] as const;

export type NavCategory = (typeof NAV_CATEGORIES)[number];
