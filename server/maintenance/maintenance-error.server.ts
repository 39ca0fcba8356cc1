/** A refusal the maintenance commands print as it is, in one line and without a stack. */
export class MaintenanceError extends Error {
  override name = "MaintenanceError";
}
