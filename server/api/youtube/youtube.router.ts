import { Router } from "express";
import { YouTubeInfoInputSchema } from "#common/schemas/youtube.ts";
import type { YouTubeInfo } from "#common/types/youtube.ts";
import { parseInput } from "#server/api/shared/validate.ts";
import { requireEmployee } from "#server/auth/express-access.server.ts";
import type { ServerContext } from "#server/context.server.ts";
import { fetchYouTubeInfo } from "#server/services/youtube.server.ts";

export function youtubeRouter(context: ServerContext) {
  const router = Router();

  router.post("/info", requireEmployee(context), async (req, res) => {
    const { url: id } = parseInput(YouTubeInfoInputSchema, req.body);
    res.json((await fetchYouTubeInfo(context.config.youtube, id)) satisfies YouTubeInfo);
  });

  return router;
}
