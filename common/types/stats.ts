/**
 * `GET /api/dashboard/stats`: the seven tiles of the dashboard overview
 * (docs/product/dashboard.md#overview, docs/product/api.md#staff-calls). Every count is over all
 * posts, whatever their status, unless it says otherwise.
 */
export type DashboardStats = {
  /** Every post. */
  totalPosts: number;
  /** Posts the public sees now: published, or scheduled with their time come. */
  published: number;
  /** Drafts. */
  drafts: number;
  /** Scheduled posts whose time has not come yet. */
  scheduled: number;
  /** Portfolio items as staff see them: marketplace-content posts of any status. */
  marketplace: number;
  /** Posts in the news category. */
  news: number;
  /** Posts in the youtube category. */
  youtube: number;
};
