import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";

// The import zones of biome.json, run by `npm run lint`, on files written for the purpose: each
// wrong-way import below must be reported, and none of the allowed ones.

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const BIOME = path.join(ROOT, "node_modules", ".bin", "biome");

/** Files that import against the direction of the layers, each with the zone that refuses it. */
const WRONG_WAY: Record<string, string> = {
  "server/services/calls-api.server.ts": 'import { apiRouter } from "#server/api/index.ts";',
  "server/services/uses-auth.server.ts":
    'import { readViewer } from "#server/auth/viewer.server.ts";',
  "server/services/uses-express.server.ts": 'import { Router } from "express";',
  "server/services/uses-http.server.ts":
    'import { createResponseCache } from "#server/http/response-cache.server.ts";',
  "server/db/uses-service.server.ts":
    'import { savePost } from "#server/services/posts.server.ts";',
  "server/db/uses-storage.server.ts":
    'import { storeImage } from "#server/storage/uploads.server.ts";',
  "server/db/goes-up.server.ts": 'import { HttpError } from "../errors.ts";',
  "server/storage/uses-service.server.ts":
    'import { listApps } from "#server/services/apps.server.ts";',
  "server/storage/uses-api.server.ts":
    'import { createRateLimit } from "#server/api/middleware/rate-limit.ts";',
  "server/auth/uses-api.server.ts": 'import { apiRouter } from "#server/api/index.ts";',
  "server/auth/uses-app.server.ts": 'import { cn } from "#app/lib/cn.ts";',
  "app/lib/uses-server.ts": 'import { serverContext } from "#server/context.server.ts";',
  "app/lib/uses-page.ts": 'import { useRootData } from "#app/root.tsx";',
  "app/lib/uses-feature.ts": 'import { RecentPosts } from "#app/features/post-list/recent.tsx";',
  "app/features/post-editor/uses-other-feature.ts":
    'import { HistoryPanel } from "#app/features/post-history/components/history-panel.tsx";',
  "app/features/tags/uses-server.ts": 'import { serverContext } from "#server/context.server.ts";',
  "app/lib/uses-node.ts": 'import { readFileSync } from "node:fs";',
  "app/site-script/uses-react.client.ts": 'import { useState } from "react";',
  "app/site-script/uses-part.client.ts": 'import { Button } from "#app/components/ui/button.tsx";',
  "server/presenters/uses-service.server.ts":
    'import { effectiveState } from "#server/services/content-rules.server.ts";',
  "server/api/uses-mail.ts": 'import { createMailer } from "#server/mail/mailer.server.ts";',
  "server/api/uses-storage.ts": 'import { storeImage } from "#server/storage/uploads.server.ts";',
  "server/api/uses-jobs.ts":
    'import { startNewsletterWorker } from "#server/jobs/newsletter-worker.server.ts";',
  "server/api/posts/uses-router.ts":
    'import { outboxRouter } from "#server/api/outbox/outbox.router.ts";',
  "server/mail/uses-service.server.ts":
    'import { confirmationUrl } from "#server/services/subscriber-links.server.ts";',
  "server/jobs/uses-api.server.ts": 'import { apiRouter } from "#server/api/index.ts";',
  "server/jobs/uses-express.server.ts": 'import { Router } from "express";',
  "server/http/uses-auth.server.ts": 'import { readViewer } from "#server/auth/viewer.server.ts";',
  "server/seed/uses-http.server.ts":
    'import { uploadsRoute } from "#server/http/uploads-route.server.ts";',
  "server/maintenance/uses-service.server.ts":
    'import { listApps } from "#server/services/apps.server.ts";',
  "server/config/uses-db.server.ts": 'import type { Db } from "#server/db/db.server.ts";',
  // The zones that were there before stay in force.
  "server/api/uses-table.ts": 'import type { PostRow } from "#server/db/tables.ts";',
  "common/uses-server.ts": 'import { HttpError } from "#server/errors.ts";',
};

/** Files whose imports go the right way. */
const ALLOWED: Record<string, string> = {
  "server/services/ok.server.ts": [
    'import { POST_STATUSES } from "#common/constants.ts";',
    'import type { Db } from "#server/db/db.server.ts";',
    'import { HttpError } from "#server/errors.ts";',
    'import { storeImage } from "#server/storage/uploads.server.ts";',
    'import { listApps } from "#server/services/apps.server.ts";',
    'import { savePost } from "./posts.server.ts";',
  ].join("\n"),
  "server/db/ok.server.ts": [
    'import type { Options } from "express-rate-limit";',
    'import { HttpError } from "#server/errors.ts";',
    'import type { Config } from "#server/config/env.server.ts";',
    'import type { Database } from "./tables.ts";',
  ].join("\n"),
  "server/storage/ok.server.ts": [
    'import type { Db } from "#server/db/db.server.ts";',
    'import { HttpError } from "#server/errors.ts";',
  ].join("\n"),
  "server/auth/ok.server.ts": [
    'import type { RequestHandler } from "express";',
    'import type { ServerContext } from "#server/context.server.ts";',
    'import { DatabaseRateLimitStore } from "#server/db/rate-limit-store.server.ts";',
    'import { findEmployeeByEmail } from "#server/services/employees.server.ts";',
  ].join("\n"),
  "server/api/ok.ts": [
    'import { DatabaseRateLimitStore } from "#server/db/rate-limit-store.server.ts";',
    'import { requireEmployee } from "#server/auth/express-access.server.ts";',
  ].join("\n"),
  "server/api/posts/ok.ts": [
    'import { parseInput } from "#server/api/shared/validate.ts";',
    'import { createRateLimit } from "#server/api/middleware/rate-limit.ts";',
    'import type { ServerContext } from "#server/context.server.ts";',
    'import { savePost } from "#server/services/posts.server.ts";',
    'import { postEditorRouter } from "./posts.editor.router.ts";',
  ].join("\n"),
  "server/jobs/ok.server.ts": [
    'import { createMailer } from "#server/mail/mailer.server.ts";',
    'import { unsubscribeUrl } from "#server/services/subscriber-links.server.ts";',
    'import { logger } from "#server/config/logger.server.ts";',
  ].join("\n"),
  "server/mail/ok.server.ts": 'import type { Config } from "#server/config/env.server.ts";',
  "server/presenters/ok.server.ts": [
    'import type { PostRow } from "#server/db/tables.ts";',
    'import { effectiveState } from "#common/content-rules.ts";',
  ].join("\n"),
  "app/site-script/ok.client.ts": [
    'import { LINK_COPIED_MESSAGE } from "./site-settings.ts";',
    'import { apiRequest } from "#app/lib/api-client.ts";',
  ].join("\n"),
  "app/features/post-list/ok.ts": [
    'import { useStaffPosts } from "#app/features/post-list/api/get-staff-posts.ts";',
    'import { RowActions } from "#app/components/dashboard/row-actions.tsx";',
    'import { apiGet } from "#app/lib/api-client.ts";',
    'import { postPath } from "#common/paths.ts";',
  ].join("\n"),
  "app/lib/ok.ts": [
    'import { toast } from "#app/components/ui/toast.tsx";',
    'import { youtubeId } from "#common/youtube.ts";',
  ].join("\n"),
  // Tests stand outside the layers: they may build the whole app.
  "server/auth/ok.test.ts": 'import { createApp } from "#server/app.ts";',
};

type Diagnostic = { category: string; message: string; location: { path: string } };

/**
 * Lints `files` (path -> source), written into a temporary folder beside a copy of the
 * project's biome.json and package.json, as `npm run lint` would; answers the messages of one
 * rule, by file. (Not `--only`: that would run the rule even where biome.json turned it off.)
 */
function lintFixtures(files: Record<string, string>, rule: string): Map<string, string[]> {
  const dir = mkdtempSync(path.join(tmpdir(), "import-zones-"));
  try {
    // package.json too: its `imports` map is how Biome resolves the aliases.
    for (const config of ["biome.json", "package.json"]) {
      copyFileSync(path.join(ROOT, config), path.join(dir, config));
    }
    for (const [file, source] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      writeFileSync(path.join(dir, file), `${source}\n`);
    }
    const run = spawnSync(
      BIOME,
      ["lint", "--vcs-enabled=false", "--max-diagnostics=none", "--reporter=json", "."],
      { cwd: dir, encoding: "utf8" },
    );
    const output = JSON.parse(run.stdout) as {
      summary: { diagnosticsNotPrinted: number };
      diagnostics: Diagnostic[];
    };
    expect(output.summary.diagnosticsNotPrinted).toBe(0);
    const reported = new Map<string, string[]>();
    for (const diagnostic of output.diagnostics) {
      if (diagnostic.category !== `lint/${rule}`) continue;
      const file = diagnostic.location.path.split(path.sep).join("/");
      reported.set(file, [...(reported.get(file) ?? []), diagnostic.message]);
    }
    return reported;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe("import zones (biome.json)", () => {
  let reported: Map<string, string[]>;

  beforeAll(() => {
    reported = lintFixtures({ ...WRONG_WAY, ...ALLOWED }, "style/noRestrictedImports");
  });

  it("reports every import that goes against the layers", () => {
    for (const file of Object.keys(WRONG_WAY)) {
      expect(reported.get(file), file).toHaveLength(1);
    }
  });

  it("says why, in the words of the zone", () => {
    expect(reported.get("server/services/uses-auth.server.ts")?.[0]).toMatch(/no auth/);
    expect(reported.get("server/db/uses-service.server.ts")?.[0]).toMatch(/bottom layer/);
    expect(reported.get("server/db/goes-up.server.ts")?.[0]).toMatch(/not \.\.\//);
    expect(reported.get("server/auth/uses-api.server.ts")?.[0]).toMatch(/never api\//);
    expect(reported.get("server/api/posts/uses-router.ts")?.[0]).toMatch(/another resource/);
    expect(reported.get("server/api/uses-mail.ts")?.[0]).toMatch(/through the context/);
    expect(reported.get("app/lib/uses-node.ts")?.[0]).toMatch(/no Node APIs/);
    expect(reported.get("app/site-script/uses-react.client.ts")?.[0]).toMatch(/without React/);
    expect(reported.get("app/features/post-editor/uses-other-feature.ts")?.[0]).toMatch(
      /imports only itself/,
    );
  });

  it("reports none of the imports that go the right way", () => {
    for (const file of Object.keys(ALLOWED)) {
      expect(reported.get(file), file).toBeUndefined();
    }
  });
});

describe("import cycles (biome.json)", () => {
  it("reports two modules that import each other, through aliases or ./", () => {
    const reported = lintFixtures(
      {
        "server/services/first.server.ts":
          'import { second } from "#server/services/second.server.ts";\nexport const first = () => second;',
        "server/services/second.server.ts":
          'import { first } from "./first.server.ts";\nexport const second = () => first;',
        "server/services/alone.server.ts":
          'import { first } from "./first.server.ts";\nexport const alone = () => first;',
      },
      "suspicious/noImportCycles",
    );
    expect([...reported.keys()].sort()).toEqual([
      "server/services/first.server.ts",
      "server/services/second.server.ts",
    ]);
  });
});
