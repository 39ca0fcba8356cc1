/** An app or tool as the API sends it (docs/product/content-model.md#app-records). */
export type App = {
  id: string;
  name: string;
  slug: string;
  category: string;
  relationship: string;
  status: string;
  logoUrl: string | null;
  imageUrl: string | null;
  shortDescription: string;
  description: string;
  downloadCount: number;
  rating: number | null;
  releaseDate: string | null;
  platforms: string[];
  websiteUrl: string | null;
  downloadUrl: string | null;
  /** The app's place in the list: lower first, then by name. */
  sortOrder: number;
};

/**
 * An app as a row of the dashboard's Apps & Tools list shows it (`GET /api/apps?page=`): no
 * descriptions or links; Edit loads the whole app.
 */
export type AppListItem = Pick<
  App,
  | "id"
  | "name"
  | "slug"
  | "category"
  | "relationship"
  | "status"
  | "logoUrl"
  | "downloadCount"
  | "platforms"
  | "sortOrder"
> & { createdAt: string; updatedAt: string };
