import type { SignedInAuthor, WriteClient } from "#server/domain/write/content-type.ts";
import type { ActiveSession } from "./sessions.ts";

/** Who writes with `session`, from `client`: the author of every command a signed-in manager runs. */
export function authorOfSession(session: ActiveSession, client: WriteClient): SignedInAuthor {
  const { account } = session;
  return {
    actor: account.email,
    account: {
      id: account.id,
      email: account.email,
      role: account.role,
      sessionId: session.id,
      persistent: session.persistent,
    },
    client,
  };
}
