// How e2e launches Debian's Chromium (the full browser, in its new headless mode, which draws a real window per page).

/** The flags every machine here launches Chromium with. */
export const CHROMIUM_FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

/**
 * What Playwright 1.65 disables itself (playwright-core's chromiumSwitches). Chromium keeps only the last
 * --disable-features on its command line, so ours repeats these; e2e/browser.spec.ts fails when Playwright's own list
 * holds one that is missing here.
 */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/**
 * Browser work no test looks at: each new window (one per test's page) preloaded the address bar's two WebUI popups
 * (chrome://omnibox-popup.top-chrome, a renderer each) and a spare renderer for the next site. 30 contexts, each one
 * page load: 14.1 and 14.7 CPU-s with them, 7.3 and 7.5 without (same machine, back to back). Page content is untouched.
 */
export const UNUSED_BROWSER_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup', 'SpareRendererForSitePerProcess'];
/** The Chromium these feature names were read from and measured on (Debian bookworm's 156.0.8078.108). */
export const CHROMIUM_MEASURED_MAJOR = 156;

export const CHROMIUM_ARGS = [...CHROMIUM_FLAGS, `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...UNUSED_BROWSER_FEATURES].join(',')}`];
