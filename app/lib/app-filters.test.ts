import { describe, expect, it } from "vitest";
import {
  APP_FILTERS,
  appFilterFromParam,
  countAppFilters,
  filterApps,
  isBanned,
  platformLabel,
  ratingLabel,
  releaseYear,
  sortBannedLast,
} from "./app-filters.ts";

type TestApp = { name: string; relationship: string; status: string };

const app = (name: string, relationship: string, status = "released"): TestApp => ({
  name,
  relationship,
  status,
});

const apps: TestApp[] = [
  app("Roamer", "developed", "banned"),
  app("Studio", "developed"),
  app("Doctor", "developed", "beta"),
  app("Party", "official-partner"),
  app("Pets", "partner"),
  app("Academy", "official-partner", "in-development"),
  app("Old Partner", "partner", "banned"),
];

const names = (list: TestApp[]) => list.map((a) => a.name);

describe("app filters", () => {
  it("offers All Apps, Developed, Partnerships and In Development", () => {
    expect(APP_FILTERS.map((f) => [f.slug, f.label])).toEqual([
      ["all", "All Apps"],
      ["developed", "Developed"],
      ["partnerships", "Partnerships"],
      ["in-development", "In Development"],
    ]);
  });

  it("treats a missing or unknown ?filter= as All Apps", () => {
    expect(appFilterFromParam(null).slug).toBe("all");
    expect(appFilterFromParam("banned").slug).toBe("all");
    expect(appFilterFromParam("partnerships").label).toBe("Partnerships");
  });

  it("keeps developed apps, partner and official-partner apps, in-development and beta apps", () => {
    const show = (slug: string) => names(filterApps(apps, appFilterFromParam(slug)));
    expect(show("developed")).toEqual(["Studio", "Doctor", "Roamer"]);
    expect(show("partnerships")).toEqual(["Party", "Pets", "Academy", "Old Partner"]);
    expect(show("in-development")).toEqual(["Doctor", "Academy"]);
    expect(show("all")).toEqual([
      "Studio",
      "Doctor",
      "Party",
      "Pets",
      "Academy",
      "Roamer",
      "Old Partner",
    ]);
  });

  it("counts every filter", () => {
    expect(countAppFilters(apps)).toEqual({
      all: 7,
      developed: 3,
      partnerships: 4,
      "in-development": 2,
    });
    expect(countAppFilters([])).toEqual({
      all: 0,
      developed: 0,
      partnerships: 0,
      "in-development": 0,
    });
  });
});

describe("banned apps", () => {
  it("recognises the banned status", () => {
    expect(isBanned({ status: "banned" })).toBe(true);
    expect(isBanned({ status: "released" })).toBe(false);
  });

  it("moves banned apps to the end and keeps the order of the rest", () => {
    expect(names(sortBannedLast(apps))).toEqual([
      "Studio",
      "Doctor",
      "Party",
      "Pets",
      "Academy",
      "Roamer",
      "Old Partner",
    ]);
  });

  it("does not change the list it is given", () => {
    const copy = [...apps];
    sortBannedLast(apps);
    expect(apps).toEqual(copy);
  });
});

describe("card labels", () => {
  it("names platforms, and shows unknown ones raw", () => {
    expect(platformLabel("ios")).toBe("iOS");
    expect(platformLabel("macos")).toBe("macOS");
    expect(platformLabel("web")).toBe("Web");
    expect(platformLabel("switch")).toBe("switch");
  });

  it("gives the release year in UTC, or null", () => {
    expect(releaseYear("2021-11-05T10:00:00.000Z")).toBe("2021");
    expect(releaseYear("2021-12-31T23:30:00.000Z")).toBe("2021");
    expect(releaseYear(null)).toBeNull();
    expect(releaseYear("someday")).toBeNull();
  });

  it("describes the rating for screen readers", () => {
    expect(ratingLabel(4.5)).toBe("Rated 4.5 out of 5");
    expect(ratingLabel(4)).toBe("Rated 4 out of 5");
    expect(ratingLabel(3.96)).toBe("Rated 4 out of 5");
    expect(ratingLabel(null)).toBeNull();
  });
});
