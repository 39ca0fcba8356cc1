import { Router } from "express";
import { YouTubeInfoInputSchema } from "#common/schemas/youtube.ts";
import type { YouTubeInfo } from "#common/types/youtube.ts";
import { requireEmployee } from "#server/auth/access.server.ts";
import { fetchYouTubeInfo } from "#server/services/youtube.server.ts";
import type { ApiDeps } from "./deps.ts";
import { parseInput } from "./middleware/validate.ts";

export function youtubeRouter(deps: ApiDeps) {
  const router = Router();

  router.post("/info", requireEmployee(deps), async (req, res) => {
    const { url: id } = parseInput(YouTubeInfoInputSchema, req.body);
    res.json((await fetchYouTubeInfo(deps.config.youtube, id)) satisfies YouTubeInfo);
  });

  return router;
}
