// Runs one of the maintenance commands of server/maintenance/commands.server.ts from source:
// Node (22.22 or newer) runs their TypeScript as it is, so they need no build and no dev tools.

/** @param {"backupCommand" | "restoreCommand" | "migrateToPostgresCommand"} command */
export async function runMaintenance(command) {
  if (!process.features.typescript) {
    console.error(
      `This command needs Node.js 22.22 or newer (24 recommended), which runs TypeScript; this is ${process.version}.`,
    );
    process.exitCode = 1;
    return;
  }
  const commands = await import("#server/maintenance/commands.server.ts");
  process.exitCode = await commands[command](process.argv.slice(2), process.env);
}
