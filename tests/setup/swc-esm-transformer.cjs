// next/jest's SWC transformer, emitting ES modules whenever Jest loads a file as one (Jest on Node 24.9+ loads
// "type": "module" packages through require(esm) and asks for ESM; next/jest compiles them to CommonJS otherwise).
const path = require('node:path');
const { createTransformer } = require('next/dist/build/swc/jest-transformer');

module.exports = {
  createTransformer(options) {
    const swc = createTransformer(options);
    return {
      process(src, filename, jestOptions) {
        if (!jestOptions.supportsStaticESM) return swc.process(src, filename, jestOptions);
        // next/jest emits ESM only for the extensions the config treats as ESM: name this file's
        const config = { ...jestOptions.config, extensionsToTreatAsEsm: [path.extname(filename)] };
        return swc.process(src, filename, { ...jestOptions, config });
      },
    };
  },
};
