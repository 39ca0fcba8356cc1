// `npm run dev`: the same server process, with Vite's middleware and hot reload.
// Run it with `node --conditions=development` (as the npm script does): Vite loads our modules
// with React Router's development build, and Node must resolve the packages it loads itself
// (@react-router/express) to that same build, or the two disagree on what a
// RouterContextProvider is and every page answers 500.
import { createServer } from "vite";

const vite = await createServer({ server: { middlewareMode: true }, appType: "custom" });
const { start } = await vite.ssrLoadModule("/server/main.ts");
await start({
  dev: {
    middleware: vite.middlewares,
    loadBuild: () => vite.ssrLoadModule("virtual:react-router/server-build"),
  },
});
