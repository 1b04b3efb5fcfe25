// Runs first in `npm start`, `npm test` and `npm run backend`: plain JavaScript, so that an older
// Node reads it, and one line instead of ERR_UNKNOWN_FILE_EXTENSION when the project's TypeScript
// would not run.
const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 22)) {
  console.error(
    `Student Success needs Node 22.22 or newer (this is Node ${process.versions.node}): install it from https://nodejs.org or with "nvm install 24 && nvm use 24", then run the command again.`,
  );
  process.exit(1);
}
