import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { S3Client } from "@aws-sdk/client-s3";
import S3rver from "s3rver";

/** A running S3-protocol server on loopback with one empty bucket, for tests. */
export type TestS3Server = {
  /** http://127.0.0.1:{port} */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** The environment that points the site's uploads at this bucket (STORAGE=s3, S3_*). */
  env: Record<string, string>;
  /** A client of this server, for a test to look at (or change) the bucket behind the site. */
  client: S3Client;
  /** Stops the server and removes its folder. */
  close: () => Promise<void>;
};

/** s3rver's one account; it checks every request's signature against it. */
const ACCOUNT = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };

let buckets = 0;

/**
 * Starts s3rver (a real S3-protocol server keeping objects in a folder) on 127.0.0.1 at a free
 * port, with an empty bucket, and answers where it is. Each call gets its own server, folder and
 * bucket, so test files running at the same time never see each other's objects.
 */
export async function startS3Server(): Promise<TestS3Server> {
  const directory = mkdtempSync(path.join(tmpdir(), "studio-s3-"));
  buckets += 1;
  const bucket = `studio-test-${process.pid}-${buckets}`;
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket }],
  });
  let address: Awaited<ReturnType<S3rver["run"]>>;
  try {
    address = await server.run();
  } catch (error) {
    rmSync(directory, { recursive: true, force: true });
    throw error;
  }
  const endpoint = `http://127.0.0.1:${address.port}`;
  const region = "us-east-1";
  const client = new S3Client({
    endpoint,
    region,
    forcePathStyle: true,
    credentials: { ...ACCOUNT },
    // As the site's own client (server/storage/s3-store.server.ts): s3rver knows no CRC32.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  return {
    endpoint,
    bucket,
    region,
    ...ACCOUNT,
    env: {
      STORAGE: "s3",
      S3_BUCKET: bucket,
      S3_REGION: region,
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: ACCOUNT.accessKeyId,
      S3_SECRET_ACCESS_KEY: ACCOUNT.secretAccessKey,
      S3_FORCE_PATH_STYLE: "1",
    },
    client,
    close: async () => {
      client.destroy();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
