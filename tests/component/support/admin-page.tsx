import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { createRoutesStub, useLoaderData } from "react-router";
import { vi } from "vitest";
import { UnsavedChangesGuard } from "#app/components/admin/UnsavedChanges.tsx";
import { sendForm } from "#app/lib/uploads/send-form.ts";
import type { WriteResult } from "#shared/write-result.ts";

/**
 * An admin page's component under React Router's own data router (a memory history), its data
 * from `load()`: a save's reload calls it again, as the server's loader would be.
 */
export function renderAdminPage<Data>(load: () => Data | Promise<Data>, page: (data: Data) => ReactNode) {
  function Page() {
    return <UnsavedChangesGuard>{page(useLoaderData() as Data)}</UnsavedChangesGuard>;
  }
  const Stub = createRoutesStub([
    { path: "/admin/page", Component: Page, HydrateFallback: () => null, loader: () => load() },
  ]);
  return render(<Stub initialEntries={["/admin/page"]} />);
}

/** One write the page sent: its command and fields, as the endpoint would read them. */
export interface SentWrite {
  url: string;
  form: FormData;
}

/**
 * Stands in for the admin write endpoint (the test file mocks `send-form.ts` with
 * `vi.mock("#app/lib/uploads/send-form.ts")`): each write is recorded and answered by `answer`,
 * which may also change what the page's loader returns next.
 */
export function answerWrites(answer: (write: SentWrite) => Partial<WriteResult> | Promise<Partial<WriteResult>>) {
  const sent: SentWrite[] = [];
  vi.mocked(sendForm).mockImplementation(async (url, form) => {
    if (!(form instanceof FormData)) throw new Error("the admin forms send form data");
    const write = { url, form };
    sent.push(write);
    const result = await answer(write);
    return { ok: true, status: 200, message: "저장했습니다.", ...result };
  });
  return sent;
}
