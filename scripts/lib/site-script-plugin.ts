import type { Plugin } from "vite";

/** The script of the pages React does not hydrate (docs/decisions/031-static-public-pages.md). */
export const SITE_SCRIPT_ENTRY = "app/site-script/main.client.ts";
const MODULE_ID = "virtual:site-script";
const RESOLVED_ID = `\0${MODULE_ID}`;

/**
 * Builds the site script as an entry of the browser build of its own, beside React Router's,
 * and gives the server its address as `import siteScriptUrl from "virtual:site-script"`: the
 * built file's fingerprinted name once the browser build has run (it runs before the
 * server's), or the source file itself, which Vite's development server compiles on request.
 */
export function siteScript(): Plugin {
  let builtFile: string | undefined;
  return {
    name: "studio-site:site-script",
    config() {
      return {
        environments: { client: { build: { rolldownOptions: { input: [SITE_SCRIPT_ENTRY] } } } },
      };
    },
    resolveId(id) {
      return id === MODULE_ID ? RESOLVED_ID : undefined;
    },
    load(id) {
      if (id !== RESOLVED_ID) return undefined;
      if (this.environment.config.command === "serve") {
        return `export default ${JSON.stringify(`/${SITE_SCRIPT_ENTRY}`)};`;
      }
      if (this.environment.name === "client") {
        throw new Error(`${MODULE_ID} is for the server: the browser loads the script itself.`);
      }
      if (!builtFile) throw new Error("The site script is built with the browser build, first.");
      return `export default ${JSON.stringify(`/${builtFile}`)};`;
    },
    generateBundle(_options, bundle) {
      if (this.environment.name !== "client") return;
      for (const chunk of Object.values(bundle)) {
        if (chunk.type === "chunk" && chunk.facadeModuleId?.endsWith(SITE_SCRIPT_ENTRY)) {
          builtFile = chunk.fileName;
        }
      }
    },
  };
}
