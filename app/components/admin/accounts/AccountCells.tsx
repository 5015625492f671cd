import type { ReactNode } from "react";
import account from "#app/components/admin/AccountPage.module.css";
import { Badge } from "#app/components/admin/DataTable.tsx";
import { type Role, roleLabels } from "#shared/roles.ts";

/**
 * The cells every list of managers starts with (the managers' page, the handover page): the
 * e-mail, marked "나" for the one looking, with what else that list says about the account, and
 * the role.
 */
export function AccountCells({
  email,
  role,
  self,
  children,
}: {
  email: string;
  role: Role;
  self: boolean;
  /** Notes under the e-mail (a reset link still open, the end of access). */
  children?: ReactNode;
}) {
  return (
    <>
      <td>
        <span className={account.email}>{email}</span>
        {self && (
          <>
            {" "}
            <Badge tone="brand">나</Badge>
          </>
        )}
        {children}
      </td>
      <td>
        <Badge tone={role === "owner" ? "brand" : "neutral"}>{roleLabels[role]}</Badge>
      </td>
    </>
  );
}
