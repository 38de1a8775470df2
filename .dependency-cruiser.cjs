// Import rules `npm run lint` checks with dependency-cruiser (https://github.com/sverweij/dependency-cruiser):
// no import cycles anywhere, and the layers of docs/server.md and docs/console.md.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycle',
      severity: 'error',
      comment: 'An import cycle: modules that need each other belong together, or one of them owns too much.',
      from: {},
      to: {
        circular: true,
        dependencyTypesNot: ['type-only'],
        viaOnly: { dependencyTypesNot: ['type-only'] },
      },
    },
    {
      name: 'area-imports-seed',
      severity: 'error',
      comment: 'Areas never import db/seed: the seed provisions the platform, the areas serve it.',
      from: { path: '^apps/server/src/modules/' },
      to: { path: '^apps/server/src/db/seed' },
    },
    {
      name: 'area-imports-another-area',
      severity: 'error',
      comment:
        'An area reaches another area only through its index.ts (services, events) or the contract, never its internals.',
      from: { path: '^apps/server/src/modules/([^/]+)/' },
      to: {
        path: '^apps/server/src/modules/([^/]+)/',
        pathNot: ['^apps/server/src/modules/$1/', '^apps/server/src/modules/[^/]+/index\\.ts$'],
        // the types of another area's services (the Services interface names them) are no internals
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'platform-imports-area',
      severity: 'error',
      comment:
        'The platform below the areas (lib, db, storage, scheduler, events, live, device, plugins) knows no area.',
      from: {
        path: '^apps/server/src/(lib|db|storage|scheduler|events|live|device|plugins)/',
        pathNot: '\\.test\\.ts$',
      },
      to: { path: '^apps/server/src/modules/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'page-imports-app',
      severity: 'error',
      comment:
        'Console pages do not import the shell (app/): the shell finds the pages, not the other way round.',
      from: { path: '^apps/web/src/pages/' },
      to: { path: '^apps/web/src/app/' },
    },
    {
      name: 'shared-imports-shell',
      severity: 'error',
      comment:
        'What the screens share (api, store, navigation, components, i18n, live) does not import the shell.',
      from: {
        path: '^apps/web/src/(api|store|navigation|components|i18n|live)/',
        pathNot: '\\.test\\.tsx?$',
      },
      to: { path: '^apps/web/src/(app|pages)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['(^|/)dist/', '(^|/)node_modules/'] },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
      conditionNames: ['import', 'types', 'default'],
    },
  },
};
