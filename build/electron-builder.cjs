// `npm run dist` reads this file: the configuration for this environment's credentials and
// UPDATE_FEED_URL (builder-config.cjs). scripts/dist-preflight.mjs prints what will be signed.
const { createConfig } = require('./builder-config.cjs');

module.exports = createConfig(process.env);
