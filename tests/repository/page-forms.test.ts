import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import routes from "#app/routes.ts";
import { isFormPage } from "#server/http/methods.server.ts";

// The server answers POST to a page only where React Router has an action for it
// (server/http/methods.server.ts, FORM_PAGES); this keeps that list and the routes in step.

type Route = { path?: string; file: string; children?: Route[] };

function pagesOf(list: Route[], parent = ""): { path: string; file: string }[] {
  return list.flatMap((route) => {
    const path = route.path === undefined ? parent : `${parent}/${route.path}`;
    return [{ path: path || "/", file: route.file }, ...pagesOf(route.children ?? [], path)];
  });
}

/** An address the route answers: each parameter filled in, optional segments left out. */
function sampleAddress(path: string): string {
  return (
    path
      .split("/")
      .filter((segment) => !segment.endsWith("?"))
      .map((segment) => (segment.startsWith(":") ? "sample" : segment))
      .join("/") || "/"
  );
}

const appDir = fileURLToPath(new URL("../../app/", import.meta.url));
const ACTION = /export\s+(async\s+)?function\s+action\b|export\s+const\s+action\b/;

describe("pages that take a form", () => {
  const pages = pagesOf(routes as Route[]).filter((page) => !page.path.includes("*"));

  it("finds the sign-in, invitation and newsletter forms among the routes", () => {
    const withAction = pages.filter((page) =>
      ACTION.test(readFileSync(appDir + page.file, "utf8")),
    );
    expect(withAction.map((page) => page.path).sort()).toEqual([
      "/forgot-password",
      "/invite/:token",
      "/login",
      "/reset-password/:token",
      "/subscribe",
    ]);
  });

  it("lets POST through to exactly the pages with an action", () => {
    for (const page of pages) {
      const hasAction = ACTION.test(readFileSync(appDir + page.file, "utf8"));
      const address = sampleAddress(page.path);
      expect(isFormPage(address), address).toBe(hasAction);
      expect(isFormPage(`${address.replace(/\/$/, "")}.data`), `${address}.data`).toBe(hasAction);
    }
  });
});
