// The newsletter part of `npm run bench`: how fast a sending goes out to a loopback SMTP server
// with the pace unlimited, and what building one subscriber's message costs.
//
// Throughput: a database with NEWSLETTER_SUBSCRIBERS active subscribers and a published post, a
// production site server (a child process) with SMTP_URL pointing at an SMTP server in this
// process (the smtp-server package, which reads each message and answers 250, nothing more) and
// MAIL_RATE_PER_MINUTE=0. The owner starts the sending with POST /api/posts/:id/newsletter; the
// clock runs from its 202 to the moment the SMTP server has accepted the last copy, and then the
// sending must say every copy was sent, with no Message-ID accepted twice. The site server's CPU
// time per copy is reported beside: on a busy machine the wall-clock rate says more about the
// other load than about the sending.
//
// Building: buildNewsletter (once per sending) and personalize (once per copy) run in this process
// on a post like the seeded ones, each many times; milliseconds per call.

import { randomUUID } from "node:crypto";
import { SMTPServer } from "smtp-server";
import { cpuSeconds } from "./cpu.mjs";
import { step, verdict } from "./format.mjs";
import { STAFF_POSTGRES_URL } from "./options.mjs";
import { startSite, stopChild } from "./processes.mjs";
import { signInOwner } from "./requests.mjs";

/** The newsletter part's name in BENCH_ONLY. */
export const NEWSLETTER = "newsletter";

/** Subscribers of the throughput run. */
export const NEWSLETTER_SUBSCRIBERS = 2_000;
/** The throughput a sending must reach, pace unlimited, on a 2-core machine. */
export const NEWSLETTER_TARGET_PER_SECOND = 200;

/** A loopback SMTP server that only counts what it accepts (by Message-ID). */
async function startCountingSmtp() {
  const accepted = [];
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ["STARTTLS", "AUTH"],
    authOptional: true,
    logger: false,
    onData(stream, _session, callback) {
      let head = "";
      stream.on("data", (chunk) => {
        if (head.length < 8192) head += chunk.toString("latin1");
      });
      stream.on("end", () => {
        accepted.push(/^Message-ID:\s*(\S+)/im.exec(head)?.[1] ?? "");
        callback();
      });
    },
  });
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", resolve);
  });
  server.on("error", () => undefined);
  return {
    url: `smtp://127.0.0.1:${server.server.address().port}`,
    accepted,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** Adds `count` active subscribers and answers a published post's id and content. */
async function prepare(database, count) {
  const { openDatabase } = await import("#server/db/db.server.ts");
  const handle = openDatabase({
    databaseUrl: database.url,
    dataDir: database.dataDir,
    schema: database.schema,
  });
  try {
    const createdAt = new Date().toISOString();
    const rows = Array.from({ length: count }, (_, i) => ({
      id: randomUUID(),
      email: `newsletter-reader-${i}@bench.example`,
      createdAt,
      status: "active",
      confirmedAt: createdAt,
    }));
    for (let i = 0; i < rows.length; i += 500) {
      await handle.db
        .insertInto("subscribers")
        .values(rows.slice(i, i + 500))
        .execute();
    }
    const post = await handle.db
      .selectFrom("posts")
      .select(["id", "content"])
      .where("status", "=", "published")
      .orderBy("createdAt", "desc")
      .limit(1)
      .executeTakeFirstOrThrow();
    return post;
  } finally {
    await handle.close();
  }
}

/**
 * One throughput run on `database` (from the bench's databaseMaker): answers the copies, the
 * seconds, the messages per second, and what went wrong if anything did.
 */
export async function measureNewsletterThroughput({
  database,
  label,
  startScript,
  subscribers = NEWSLETTER_SUBSCRIBERS,
}) {
  const post = await prepare(database, subscribers);
  const smtp = await startCountingSmtp();
  const site = await startSite({
    startScript,
    cacheTtlMs: undefined,
    database,
    owner: true,
    env: { SMTP_URL: smtp.url, MAIL_RATE_PER_MINUTE: "0" },
  });
  try {
    const cookie = await signInOwner(site.origin);
    const cpuBefore = cpuSeconds(site.child.pid);
    const startedAt = performance.now();
    const response = await fetch(`${site.origin}/api/posts/${post.id}/newsletter`, {
      method: "POST",
      headers: { cookie, origin: site.origin, "content-type": "application/json" },
      body: "{}",
    });
    if (response.status !== 202) {
      throw new Error(`starting the sending answered ${response.status}: ${await response.text()}`);
    }
    const sending = await response.json();
    const deadline = Date.now() + 120_000;
    while (smtp.accepted.length < subscribers && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const seconds = (performance.now() - startedAt) / 1000;
    const cpuAfter = cpuSeconds(site.child.pid);
    let detail;
    for (let tries = 0; tries < 100; tries += 1) {
      const answer = await fetch(`${site.origin}/api/newsletter-sendings/${sending.id}`, {
        headers: { cookie },
      });
      detail = await answer.json();
      if (detail.left === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const unique = new Set(smtp.accepted).size;
    const problems = [];
    if (smtp.accepted.length < subscribers) {
      problems.push(`only ${smtp.accepted.length} of ${subscribers} copies arrived in 120 s`);
    }
    if (unique !== smtp.accepted.length) {
      problems.push(`${smtp.accepted.length - unique} Message-IDs arrived twice`);
    }
    if (detail?.sent !== subscribers) {
      problems.push(`the sending says ${detail?.sent} sent, ${detail?.failed} failed`);
    }
    return {
      label,
      copies: smtp.accepted.length,
      seconds,
      perSecond: smtp.accepted.length / seconds,
      // The site server's CPU time per copy: what the machine's load does not change much.
      cpuMsPerCopy:
        cpuBefore === null || cpuAfter === null
          ? null
          : ((cpuAfter - cpuBefore) * 1000) / Math.max(1, smtp.accepted.length),
      problems,
      content: post.content,
    };
  } finally {
    await stopChild(site);
    await smtp.close();
  }
}

/** Milliseconds per buildNewsletter and per personalize, on a post of `content`. */
export async function measureNewsletterBuild({ content, rounds = 300 }) {
  const { buildNewsletter, personalize } = await import(
    "#server/mail/newsletter-message.server.ts"
  );
  const source = {
    post: {
      title: "Bench post: a new world pack",
      slug: "bench-post",
      excerpt: "A bench post.",
      content,
      featuredImage: "/uploads/bench.jpg",
      featuredImageAlt: "A castle",
    },
    companyName: "Bench Studios",
    siteUrl: "https://studio.example.com",
  };
  for (let i = 0; i < 20; i += 1) await buildNewsletter(source);
  let started = performance.now();
  let built;
  for (let i = 0; i < rounds; i += 1) built = await buildNewsletter(source);
  const buildMs = (performance.now() - started) / rounds;
  const copies = rounds * 20;
  started = performance.now();
  for (let i = 0; i < copies; i += 1) {
    personalize(built, `https://studio.example.com/unsubscribe/${randomUUID()}.signature`);
  }
  const personalizeMs = (performance.now() - started) / copies;
  return { buildMs, personalizeMs, htmlKb: Buffer.byteLength(built.html) / 1024 };
}

/** Prints the part's results and answers whether any run went wrong. */
export function printNewsletter({ runs, build }) {
  console.log(`\nNewsletter sending to a loopback SMTP server (pace unlimited):`);
  for (const run of runs) {
    console.log(
      `  ${run.label}: ${run.copies} copies in ${run.seconds.toFixed(2)} s = ` +
        `${Math.round(run.perSecond)} messages/s` +
        `${run.cpuMsPerCopy === null ? "" : `, site server CPU ${run.cpuMsPerCopy.toFixed(2)} ms per copy`}` +
        `${run.problems.length > 0 ? `; PROBLEMS: ${run.problems.join("; ")}` : ""}`,
    );
  }
  if (build) {
    console.log(
      `  building: buildNewsletter ${build.buildMs.toFixed(2)} ms per sending ` +
        `(HTML ${build.htmlKb.toFixed(1)} KB), personalize ${(build.personalizeMs * 1000).toFixed(1)} µs per copy`,
    );
  }
  return runs.some((run) => run.problems.length > 0);
}

/**
 * The part: a sending on SQLite and, with a PostgreSQL URL (DATABASE_URL or BENCH_DATABASE_URL),
 * on PostgreSQL, then the cost of building a message; answers what printNewsletter prints.
 */
export async function runNewsletter({ databases, startScript }) {
  const runs = [];
  for (const databaseUrl of [undefined, ...(STAFF_POSTGRES_URL ? [STAFF_POSTGRES_URL] : [])]) {
    const label = databaseUrl ? "PostgreSQL" : "SQLite";
    const database = await databases.fresh("the newsletter part", 10, { databaseUrl });
    step(`Sending a newsletter to a loopback SMTP server (${label}, pace unlimited)`);
    runs.push(
      await measureNewsletterThroughput({
        database,
        label,
        startScript,
      }),
    );
  }
  step("Building newsletter messages");
  return { runs, build: await measureNewsletterBuild({ content: runs[0].content }) };
}

/** The verdict on each database's messages per second. */
export function printNewsletterVerdicts(newsletter) {
  for (const run of newsletter?.runs ?? []) {
    verdict(
      run.perSecond >= NEWSLETTER_TARGET_PER_SECOND,
      `newsletter on ${run.label} at least ${NEWSLETTER_TARGET_PER_SECOND} messages/s`,
      `${Math.round(run.perSecond)} messages/s`,
    );
  }
}
