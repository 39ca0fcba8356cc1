import { afterAll, beforeAll, expect, it } from "vitest";
import { createSubscriber } from "#tests/factories/subscriber.ts";
import { createTestDatabase, type TestDatabase } from "#tests/helpers/test-database.ts";
import { loadConfig } from "./config/env.server.ts";
import { createServerContext } from "./create-context.server.ts";
import { createMailer, type Mailer, type MailMessage } from "./mail/mailer.server.ts";
import { DiskUploadStore } from "./storage/disk-store.server.ts";

// The process's services are made once, here, and reached through the context: one mailer and
// one upload store (with its S3 client) for everything the process does.

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase("sqlite");
});
afterAll(() => database?.destroy());

it("makes the mailer and the upload store the configuration names, one of each", () => {
  const config = loadConfig({ DATA_DIR: database.dataDir, SEED_DEMO: "0" });
  const context = createServerContext({ db: database.handle.db, config });
  expect(context.mailer.kind).toBe("outbox");
  expect(context.uploads).toBeInstanceOf(DiskUploadStore);
  expect(context.db).toBe(database.handle.db);
  expect(context.config).toBe(config);
  // Each context is its own: nothing is kept in a module between two of them.
  const other = createServerContext({ db: database.handle.db, config });
  expect(other.mailer).not.toBe(context.mailer);
  expect(other.uploads).not.toBe(context.uploads);
});

it("takes the mailer and the upload store it is given", () => {
  const config = loadConfig({ DATA_DIR: database.dataDir, SEED_DEMO: "0" });
  const mailer = createMailer(config);
  const uploads = new DiskUploadStore(database.dataDir);
  const context = createServerContext({ db: database.handle.db, config, mailer, uploads });
  expect(context.mailer).toBe(mailer);
  expect(context.uploads).toBe(uploads);
});

it("sends the confirmation mails through the context's mailer", async () => {
  const config = loadConfig({ DATA_DIR: database.dataDir, SEED_DEMO: "0" });
  const sent: MailMessage[] = [];
  const mailer: Mailer = {
    kind: "smtp",
    location: "a test's own",
    send: async (message) => {
      sent.push(message);
      return { messageId: "<test@example.com>" };
    },
    close: () => undefined,
  };
  const context = createServerContext({ db: database.handle.db, config, mailer });
  const { email } = await createSubscriber(database.handle.db, { status: "pending" });
  context.confirmations.enqueue([email]);
  await context.confirmations.idle();
  expect(sent.map((message) => message.to)).toEqual([email]);
});
