// Layer rules of the code base, checked by `npm run check:layers` (CI runs it after lint).
// Imports run one way: server/ (our production server) -> app/ and components/ -> lib/ domains -> the low floors
// (db, http, money, constants, env).
// lib/constants/ holds the spec's numbers that browser code reads, by domain; lib/constants.ts names them all.

// The low floors: what every domain stands on, so they may lean on none of them.
const FLOORS = '^lib/(db/|http/|money\\.ts$|india-time\\.ts$|constants/|env\\.ts$)';

// Domain folders of lib/: what the product does (infrastructure such as i18n, observability, phone, security and
// validation sits beside the floors and is not listed).
const DOMAINS =
  '^lib/(accounts|auth|cache|content|coupons|donations|email|fundraisers|insurance|jobs|leads|listing|media|' +
  'notifications|outbox|payments|permissions|portfolio|realtime|seo|sip|story|tax|transparency|whitelabel)/';

// Files of lib/ that may import Next itself, each for a reason Next alone serves.
const NEXT_IN_LIB = [
  // unstable_cache holds the story's cached reads between requests
  '^lib/story/cached\\.ts$',
  // unstable_cache holds the lists, causes and brand every page shows
  '^lib/cache/queries\\.ts$',
  // unstable_cache keeps the transparency report for a day
  '^lib/transparency/cached\\.ts$',
  // revalidateTag expires Next's cache; loaded lazily so scripts without Next still run
  '^lib/cache/invalidate\\.ts$',
];

// Layer breaks not yet mended: each is named here so the check passes and the list shows what is left.
const KNOWN_FLOOR_BREAKS = [];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A cycle means neither side can be read or tested alone (type-only imports count too).',
      from: {},
      to: { circular: true },
    },
    {
      name: 'lib-not-to-app',
      severity: 'error',
      comment: 'lib/ serves app/ and components/ and never imports them, nor the demo data (demo/ stands on lib/).',
      from: { path: '^lib/' },
      to: { path: '^(app|components|demo)/' },
    },
    {
      name: 'nothing-to-server',
      severity: 'error',
      comment: 'server/ (our production server) stands on lib/ and app/; lib/, app/ and components/ never import it (Next bundles them without it).',
      from: { path: '^(lib|app|components|demo)/' },
      to: { path: '^server/' },
    },
    {
      name: 'floors-not-to-domains',
      severity: 'error',
      comment: 'db, http, money, constants and env import no domain folder of lib/.',
      from: KNOWN_FLOOR_BREAKS.length ? { path: FLOORS, pathNot: `(${KNOWN_FLOOR_BREAKS.join('|')})` } : { path: FLOORS },
      to: { path: DOMAINS },
    },
    {
      name: 'constants-stand-alone',
      severity: 'error',
      comment: 'Browser code reads lib/constants/: its files import only each other (types aside), so nothing server-side reaches a page through them.',
      from: { path: '^lib/constants/' },
      to: { pathNot: '^lib/constants/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'no-next-in-lib',
      severity: 'error',
      comment: 'lib/ runs in scripts and the jobs worker too: only the files named in NEXT_IN_LIB import next/*.',
      from: { path: '^lib/', pathNot: `(${NEXT_IN_LIB.join('|')})` },
      to: { path: '(^|/)node_modules/next/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|\\.next)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
