import { Router } from "express";
import { z } from "zod";
import { EmployeeInputSchema } from "#common/schemas/employee.ts";
import { EMPLOYEE_ROLE_FILTERS, EMPLOYEE_SORTS } from "#common/staff-lists.ts";
import type { EmployeeWithInvitation } from "#common/types/employee.ts";
import {
  asksForPage,
  oneOf,
  pagedAnswer,
  staffListQuerySchema,
} from "#server/api/shared/list-query.ts";
import { parseInput } from "#server/api/shared/validate.ts";
import { requireAdmin, viewerOf } from "#server/auth/express-access.server.ts";
import type { ServerContext } from "#server/context.server.ts";
import { presentEmployee } from "#server/presenters/employee.server.ts";
import {
  addEmployee,
  deleteEmployee,
  getEmployee,
  inviteEmployee,
  listEmployees,
  pageEmployees,
  updateEmployee,
} from "#server/services/employees.server.ts";
import { mailInvitation } from "#server/services/invitation-mail.server.ts";

const EmployeePageQuerySchema = staffListQuerySchema(EMPLOYEE_SORTS, {
  role: oneOf("role", EMPLOYEE_ROLE_FILTERS).optional(),
});

const IdParamsSchema = z.object({ id: z.uuid("That employee does not exist.") });

/** Employee management (docs/product/api.md#staff-calls): admins and the owner only. */
export function employeesRouter(context: ServerContext) {
  const { db, config, mailer } = context;
  const ownerEmail = config.adminEmail;
  const router = Router();
  router.use(requireAdmin(context));

  const mailing = { db, mailer, siteDefaults: config.siteDefaults };
  const invitationContext = (invitedBy: string) => ({
    ownerEmail,
    invitedBy,
    secret: config.sessionSecret,
    siteUrl: config.siteUrl,
  });

  /** Every employee; with any of `page`, `limit`, `sort`, `q` or `role`, one page of them. */
  router.get("/", async (req, res) => {
    if (!asksForPage(req, EmployeePageQuerySchema)) {
      const rows = await listEmployees(db);
      res.json(rows.map((row) => presentEmployee(row, ownerEmail)));
      return;
    }
    const query = parseInput(EmployeePageQuerySchema, req.query);
    const { rows, total } = await pageEmployees(db, {
      page: query.page,
      pageSize: query.limit,
      sort: query.sort,
      term: query.q,
      role: query.role,
    });
    res.json(
      pagedAnswer(
        rows.map((row) => presentEmployee(row, ownerEmail)),
        total,
        query,
      ),
    );
  });

  router.post("/", async (req, res) => {
    const input = parseInput(EmployeeInputSchema, req.body);
    const { employee, invitation } = await addEmployee(
      db,
      input,
      invitationContext(viewerOf(res).id),
    );
    const sent = invitation
      ? await mailInvitation(mailing, { invitation, employee, invitedBy: viewerOf(res) })
      : null;
    const body: EmployeeWithInvitation = {
      ...presentEmployee(employee, ownerEmail),
      invitation: sent,
    };
    res.status(201).json(body);
  });

  router.put("/:id", async (req, res) => {
    const { id } = parseInput(IdParamsSchema, req.params);
    const input = parseInput(EmployeeInputSchema, req.body);
    const row = await updateEmployee(db, id, input, { ownerEmail });
    res.json(presentEmployee(row, ownerEmail));
  });

  router.delete("/:id", async (req, res) => {
    const { id } = parseInput(IdParamsSchema, req.params);
    await deleteEmployee(db, id, { ownerEmail });
    res.status(204).end();
  });

  /** A fresh invitation link for an employee who has not signed in yet, mailed to them too. */
  router.post("/:id/invitation", async (req, res) => {
    const { id } = parseInput(IdParamsSchema, req.params);
    const invitation = await inviteEmployee(db, id, invitationContext(viewerOf(res).id));
    const employee = await getEmployee(db, id);
    const sent = employee
      ? await mailInvitation(mailing, { invitation, employee, invitedBy: viewerOf(res) })
      : { ...invitation, mailed: false, outbox: false };
    res.status(201).json(sent);
  });

  return router;
}
