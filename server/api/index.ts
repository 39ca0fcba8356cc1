import express, { Router } from "express";
import type { ServerContext } from "#server/context.server.ts";
import { BODY_LIMITS } from "#server/http/body-limits.server.ts";
import { appsRouter } from "./apps/apps.router.ts";
import { dashboardRouter } from "./dashboard/dashboard.router.ts";
import { employeesRouter } from "./employees/employees.router.ts";
import { invitationsRouter } from "./employees/invitations.router.ts";
import { integrationsRouter } from "./integrations/integrations.router.ts";
import { mailEventsRouter } from "./mail-events/mail-events.router.ts";
import { mediaRouter } from "./media/media.router.ts";
import { apiErrorHandler, apiNotFound } from "./middleware/error-handler.ts";
import { newsletterRouter } from "./newsletter/newsletter.router.ts";
import {
  newsletterSendingsRouter,
  postNewsletterRouter,
} from "./newsletter-sendings/newsletter-sendings.router.ts";
import { newsletterTestRouter } from "./newsletter-sendings/newsletter-test.router.ts";
import { outboxRouter } from "./outbox/outbox.router.ts";
import { portfolioRouter } from "./portfolio/portfolio.router.ts";
import { postEditorRouter } from "./posts/posts.editor.router.ts";
import { postsRouter } from "./posts/posts.router.ts";
import { previewLinksRouter } from "./posts/preview-links.router.ts";
import { settingsRouter } from "./settings/settings.router.ts";
import { subscriberImportRouter } from "./subscribers/subscriber-import.router.ts";
import { subscribersRouter } from "./subscribers/subscribers.router.ts";
import { tagsRouter } from "./tags/tags.router.ts";
import { uploadRouter } from "./uploads/upload.router.ts";
import { youtubeRouter } from "./youtube/youtube.router.ts";

/** Everything under /api: the routers, a JSON 404 for unknown paths, and the error middleware. */
export function apiRouter(context: ServerContext) {
  const api = Router();
  api.use((_req, res, next) => {
    // API answers are personal or change often; never let a shared cache keep them. Set before
    // the body parser, so its refusals (invalid JSON, too large) carry it too.
    res.set("Cache-Control", "no-store");
    next();
  });
  // Ahead of the JSON parser: post bodies have their own, larger limit, read only for staff.
  api.use("/posts", postsRouter(context));
  api.use("/posts", postEditorRouter(context));
  api.use("/posts", postNewsletterRouter(context));
  // The mail provider's notices, read as text whatever their label (SNS sends text/plain).
  api.use("/mail-events", mailEventsRouter(context));
  // The app refuses larger bodies before they are read (BODY_LIMITS); this limit only repeats it.
  api.use(express.json({ limit: BODY_LIMITS.json }));
  api.use("/portfolio", portfolioRouter(context));
  api.use("/apps", appsRouter(context));
  api.use("/newsletter", newsletterRouter(context));
  api.use("/posts", newsletterTestRouter(context));
  api.use("/posts", previewLinksRouter(context));
  api.use("/newsletter-sendings", newsletterSendingsRouter(context));
  api.use("/employees", employeesRouter(context));
  api.use("/invitations", invitationsRouter(context));
  api.use("/dashboard", dashboardRouter(context));
  api.use("/subscribers", subscribersRouter(context));
  // After the list's router, whose staff check every /subscribers call passes first.
  api.use("/subscribers", subscriberImportRouter(context));
  api.use("/settings", settingsRouter(context));
  api.use("/integrations", integrationsRouter(context));
  api.use("/outbox", outboxRouter(context));
  api.use("/tags", tagsRouter(context));
  api.use("/upload", uploadRouter(context));
  api.use("/media", mediaRouter(context));
  api.use("/youtube", youtubeRouter(context));
  api.use(apiNotFound);
  api.use(apiErrorHandler);
  return api;
}
