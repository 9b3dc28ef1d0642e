import en from './locales/en.json';
import { BACK_TO_TOP_THRESHOLD_PX, POLICY_SECTIONS, showBackToTop } from '../common';

describe('privacy policy rules', () => {
  it('SHELL-096 shows Back to Top only after more than 400 px of scrolling', () => {
    expect(BACK_TO_TOP_THRESHOLD_PX).toBe(400);
    expect(showBackToTop(0)).toBe(false);
    expect(showBackToTop(400)).toBe(false);
    expect(showBackToTop(401)).toBe(true);
  });

  it('SHELL-095 has 11 sections, each with a title and body in the en locale', () => {
    expect(POLICY_SECTIONS).toHaveLength(11);
    for (const key of POLICY_SECTIONS) {
      const s = (en.sections as Record<string, { title: string; body: string[] }>)[key];
      expect(s.title.length).toBeGreaterThan(0);
      expect(s.body.length).toBeGreaterThan(0);
    }
  });

  it("SHELL-097 says 'last updated April 30, 2018'", () => {
    expect(en.lastUpdated).toBe('last updated April 30, 2018');
  });
});
