/** The address of the script of the pages React does not hydrate (scripts/lib/site-script-plugin.ts). */
declare module "virtual:site-script" {
  const url: string;
  export default url;
}
