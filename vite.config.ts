import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

// The server build's entry is our own process module (server/main.ts), so the Express app,
// the API, the services and the page loaders live in one bundle and share one database handle.
export default defineConfig({
  environments: {
    ssr: { build: { rolldownOptions: { input: "./server/main.ts" } } },
  },
  plugins: [tailwindcss(), reactRouter()],
});
