// The command line the browser tests start Debian's Chromium with.
//
// Chromium in its new headless mode is the whole browser: every browser context the tests open (one
// per test) gets a window, and each window made the omnibox's suggestion popup, a page of Chromium's
// own UI (chrome://omnibox-popup.top-chrome/) in a renderer process of its own, which cost about as
// much CPU as the portal's page loaded in it (8 contexts loading /login: 22 s of Chromium's CPU with
// it, 13 s without). Turning those features off leaves the portal's pages as they were.
//
// Chromium keeps only the last --disable-features it is given, and Playwright gives one of its own
// before these arguments: ours repeats Playwright's list (taken from playwright-core 1.65.1; the
// unit test tests/unit/chromium-args.test.ts fails when Playwright's list has a name ours lacks).

/** The features Playwright turns off in every Chromium it starts. */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync', 'DestroyProfileOnBrowserClose', 'HttpsUpgrades', 'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay', 'MediaRouter', 'PaintHolding', 'ThirdPartyStoragePartitioning', 'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin', 'OptimizationHints', 'NetworkTimeServiceQuerying', 'AimEnabled', 'PreconnectToSearch',
  'msForceBrowserSignIn', 'msEdgeUpdateLaunchServicesPreferredVersion',
];

/** The browser's own UI that a window makes ahead of use: the omnibox popup and other "top chrome" pages. */
export const BROWSER_UI_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup', 'WebUIOmniboxFullPopup', 'PreloadTopChromeWebUI'];

export const CHROMIUM_ARGS = [
  '--no-sandbox', '--disable-gpu', '--headless', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run',
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...BROWSER_UI_FEATURES].join(',')}`,
];
