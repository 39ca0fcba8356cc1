// `npm run uploads:to-s3`: copies the uploads kept in DATA_DIR/uploads into the bucket that
// STORAGE=s3 and the S3_* variables name (docs/operations.md#uploads-in-object-storage). Files
// the bucket already holds with the same bytes are skipped, so it is safe to run again; the
// files on disk are left as they are. Node runs the server's TypeScript modules directly.
import { ConfigError, loadConfig } from "#server/config/env.server.ts";
import { copyUploads } from "#server/storage/copy-uploads.server.ts";
import { DiskUploadStore } from "#server/storage/disk-store.server.ts";
import { openUploadStore } from "#server/storage/upload-store.server.ts";

/** The message of an error and of what caused it, in one line. */
function describe(error) {
  const parts = [];
  for (let e = error; e && parts.length < 4; e = e.cause) {
    // The AWS SDK's message for an answer without a body says nothing.
    if (e.message !== "UnknownError") parts.push(e.message || e.code || e.name || String(e));
  }
  return parts.join(": ");
}

function fail(message) {
  console.error(message);
  process.exit(1);
}

let config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) fail(error.message);
  throw error;
}
if (config.storage.kind !== "s3") {
  fail(
    "Set STORAGE=s3, S3_BUCKET and S3_REGION (and S3_ENDPOINT and credentials as needed) to the bucket to copy the uploads into.",
  );
}

const from = new DiskUploadStore(config.dataDir);
const to = openUploadStore(config.storage, config.dataDir);
try {
  await to.check();
} catch (error) {
  fail(`Cannot use the bucket: ${describe(error)}`);
}

console.log(`Copying the uploads in ${from.location} to ${to.location}…`);
try {
  const summary = await copyUploads(from, to);
  const megabytes = (summary.bytes / 1024 / 1024).toFixed(1);
  console.log(
    `Copied ${summary.copied} file(s) (${megabytes} MB); ${summary.alreadyThere} file(s) were there already.`,
  );
  console.log(
    "The files on disk are left as they are. Start the server with the same STORAGE and S3_* settings to serve uploads from the bucket.",
  );
} catch (error) {
  fail(`The copy stopped: ${describe(error)}. Run it again to copy what is still missing.`);
}
