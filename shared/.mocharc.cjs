// Test files named on the command line (`npx mocha test/x.test.ts`) run alone; without any, the
// whole suite runs (mocha would otherwise add the configured spec to the named files).
const named = process.argv.slice(2).some((arg) => /\.test\.tsx?$/.test(arg));

module.exports = {
  ...(named ? {} : { spec: ["test/**/*.test.ts"] }),
  "node-option": [
    "import=tsx"
  ],
  "timeout": 10000,
};
