import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { siteScript } from "./scripts/lib/site-script-plugin.ts";

// The server build's entry is our own process module (server/main.ts), so the Express app,
// the API, the services and the page loaders live in one bundle and share one database handle.
export default defineConfig({
  environments: {
    ssr: {
      build: { rolldownOptions: { input: "./server/main.ts" } },
      // Bundled rather than loaded from node_modules: Node would load lucide-react's CommonJS
      // file of every icon (1.3 MB of source, which V8 keeps twice) where the pages use a few
      // dozen. Bundled, the server keeps only the icons it renders.
      resolve: { noExternal: ["lucide-react"] },
    },
    client: {
      build: {
        rolldownOptions: {
          output: {
            // A public page loads two shared files rather than twenty-odd small ones, so a phone
            // on a slow network starts sooner: React, React DOM and React Router, which every
            // page runs; and the public site's shared parts (its components, the ui parts they
            // use, their helpers and icons). The dashboard's sections and the editor keep chunks
            // of their own, loaded only there.
            codeSplitting: {
              groups: [
                {
                  // What the site script does (decision 031), with the API client it calls, in a
                  // chunk of its own: never in one with React or the site's parts, which a static
                  // page must not load. Its entry stays apart too: it marks the page as taken
                  // over, which only a static page's script may do.
                  name: "site-script",
                  test: /[\\/]app[\\/](?:site-script[\\/](?!main\.client\.ts)|lib[\\/]api-client\.ts)/,
                  priority: 3,
                },
                {
                  name: "framework",
                  test: /node_modules[\\/](?:react|react-dom|react-router|@react-router|scheduler|cookie|set-cookie-parser|turbo-stream)[\\/]/,
                  priority: 2,
                },
                {
                  name: "site",
                  test: /[\\/]app[\\/](?:components[\\/](?:site[\\/]|ui[\\/](?:badge|button|card|filter-links|input|label|picture|skeleton|toast)\.tsx)|lib[\\/](?:cn|site-meta|post-meta|site-data|use-now)\.ts)|[\\/]common[\\/](?:format|images|youtube|scheduling|constants|paths)\.ts/,
                  priority: 1,
                },
              ],
            },
          },
        },
      },
    },
  },
  plugins: [tailwindcss(), reactRouter(), siteScript()],
});
