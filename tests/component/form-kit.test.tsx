import { fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub, useActionData } from "react-router";
import { describe, expect, test } from "vitest";
import { z } from "zod";
import { FormField, RowFields, TextField, TextInput } from "#app/components/admin/FormField.tsx";
import { NewPasswordFields } from "#app/components/admin/NewPasswordFields.tsx";
import { RouteForm } from "#app/components/admin/RouteForm.tsx";
import { fieldRules } from "#server/domain/write/field-rules.ts";
import type { WriteResult } from "#shared/write-result.ts";

// A form's schema, as a command declares it: the fields' limits in the page come from it.
const schema = z.object({
  title: z.string().trim().min(1).max(80),
  link: z.string().max(200).optional(),
  newPassword: z.string().min(10),
  confirmPassword: z.string(),
  faqs: z.array(z.object({ question: z.string().max(120) })),
});

/**
 * A page whose action the test answers: `answer` gets what the form sent and may wait (a slow
 * server) before it says what the page then shows.
 */
function renderForm(answer: (form: FormData) => Promise<WriteResult> | WriteResult) {
  function Page() {
    const result = useActionData() as WriteResult | undefined;
    return (
      <RouteForm rules={fieldRules(schema)} answer={result} hidden={{ intent: "save" }}>
        {({ submitting }) => (
          <>
            <TextField label="제목" name="title" defaultValue="" />
            <TextField label="링크" name="link" type="url" defaultValue="" hint="http로 시작하는 주소" />
            <NewPasswordFields />
            {["첫", "둘째"].map((place, index) => (
              <RowFields key={place} index={index}>
                <FormField label={`${place} 질문`} name="faqs.question">
                  {(field) => <TextInput {...field} />}
                </FormField>
              </RowFields>
            ))}
            <button type="submit" disabled={submitting}>
              {submitting ? "저장하는 중…" : "저장"}
            </button>
          </>
        )}
      </RouteForm>
    );
  }
  const Stub = createRoutesStub([
    { path: "/admin/form", Component: Page, action: async ({ request }) => answer(await request.formData()) },
  ]);
  return render(<Stub initialEntries={["/admin/form"]} />);
}

const box = (name: string | RegExp) => screen.getByRole("textbox", { name }) as HTMLInputElement;
const refused = (fieldErrors: Record<string, string>): WriteResult => ({
  ok: false,
  status: 400,
  message: "입력한 내용을 확인해 주세요",
  fieldErrors,
});

describe("the admin form kit", () => {
  test("each field carries the limits of the schema the server checks, and says which are needed", async () => {
    renderForm(() => ({ ok: true, status: 200, message: "" }));
    const title = await screen.findByRole("textbox", { name: "제목 (필수)" });
    expect([title.hasAttribute("required"), title.getAttribute("maxlength")]).toEqual([true, "80"]);
    const link = box("링크");
    expect([link.hasAttribute("required"), link.getAttribute("maxlength"), link.type]).toEqual([false, "200", "url"]);
    expect(box("첫 질문").getAttribute("maxlength")).toBe("120");
    // The shortest password is said in the hint, from the same schema.
    const password = screen.getByLabelText("새 비밀번호 (필수)");
    expect(password.getAttribute("minlength")).toBe("10");
    expect(screen.getByText(/^10자 이상\./).id).toBe(password.getAttribute("aria-describedby"));
  });

  test("a refusal shows its message and each error next to its field, read out with it; what was typed stays", async () => {
    const user = userEvent.setup();
    const sent: FormData[] = [];
    renderForm((form) => {
      sent.push(form);
      return refused({ title: "제목을 입력해 주세요.", "faqs.1.question": "질문이 너무 깁니다." });
    });
    await user.type(await screen.findByRole("textbox", { name: "링크" }), "https://club.example");
    await user.click(screen.getByRole("button", { name: "저장" }));

    expect((await screen.findByRole("alert")).textContent).toBe("입력한 내용을 확인해 주세요");
    expect(sent[0]?.get("intent")).toBe("save");
    const title = screen.getByRole("textbox", { name: "제목 (필수)", description: "제목을 입력해 주세요." });
    expect(title.getAttribute("aria-invalid")).toBe("true");
    // A row's error is found by the row's place, and only there.
    expect(screen.getByRole("textbox", { name: "둘째 질문", description: "질문이 너무 깁니다." })).toBeTruthy();
    expect(box("첫 질문").hasAttribute("aria-invalid")).toBe(false);
    // A field without an error keeps its hint as its only description, and what was typed.
    const link = screen.getByRole("textbox", { name: "링크", description: "http로 시작하는 주소" });
    expect([link.hasAttribute("aria-invalid"), (link as HTMLInputElement).value]).toEqual([
      false,
      "https://club.example",
    ]);
  });

  test("while the answer is on its way the button says so and cannot be pressed again; a success is a status", async () => {
    const user = userEvent.setup();
    let reply: (result: WriteResult) => void = () => {};
    renderForm(() => new Promise<WriteResult>((resolve) => (reply = resolve)));
    await user.type(await screen.findByRole("textbox", { name: "제목 (필수)" }), "정기 총회");
    await user.click(screen.getByRole("button", { name: "저장" }));
    const busy = await screen.findByRole("button", { name: "저장하는 중…" });
    expect((busy as HTMLButtonElement).disabled).toBe(true);

    reply({ ok: true, status: 200, message: "저장했습니다." });
    expect((await screen.findByRole("status")).textContent).toBe("저장했습니다.");
    expect((screen.getByRole("button", { name: "저장" }) as HTMLButtonElement).disabled).toBe(false);
    expect(screen.queryByRole("alert")).toBeNull();
  });

  test("the Enter that confirms a Korean syllable does not send the form; Enter after it does as usual", async () => {
    renderForm(() => ({ ok: true, status: 200, message: "" }));
    const title = await screen.findByRole("textbox", { name: "제목 (필수)" });
    // fireEvent answers false when the page cancelled the key's default action (sending the form).
    expect(fireEvent.keyDown(title, { key: "Enter", keyCode: 229 })).toBe(false);
    expect(fireEvent.keyDown(title, { key: "Enter", isComposing: true })).toBe(false);
    expect(fireEvent.keyDown(title, { key: "Enter", keyCode: 13 })).toBe(true);
  });
});
