/** An app or tool as the API sends it (docs/product.md#app-records). */
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
