/** Headless Chromium as the end-to-end suites (e2e/wdio.conf.ts) and `npm run size` start it. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--window-size=1440,900',
  // Background work a test browser has no use for, off (Chromium's own list for automation:
  // translation, media routing, hints and autofill servers, the hang monitor, audio). What a
  // user's browser does to show a page (paint holding, smooth scrolling, motion) stays on.
  '--disable-extensions',
  '--disable-default-apps',
  '--disable-client-side-phishing-detection',
  '--disable-hang-monitor',
  '--mute-audio',
  '--metrics-recording-only',
  '--password-store=basic',
  '--use-mock-keychain',
  '--disable-features=Translate,OptimizationHints,MediaRouter,DialMediaRouteProvider,AutofillServerCommunication,CertificateTransparencyComponentUpdater,InterestFeedContentSuggestions',
];
