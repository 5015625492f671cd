import type { ReactNode } from "react";
import { SignInCard } from "#app/components/admin/sign-in/SignInCard.tsx";
import type { WriteResult } from "#shared/write-result.ts";
import { UnusableLink } from "./UnusableLink.tsx";

interface LinkPageProps {
  title: string;
  /** What the link is for, said when it cannot be used. */
  purpose: string;
  /** What filling in the form does. */
  lead: string;
  loaderData: { open: false; message: string } | { open: true };
  /** The page action's last answer. */
  answer: WriteResult<unknown> | undefined;
  /** Who the link is for and until when, shown until the form is first sent. */
  intro: ReactNode;
  /** The form (a RouteForm showing the answer). */
  children: ReactNode;
}

/**
 * The frame of a page a one-time link opens (an invitation, a password reset): the link refused
 * when it names nothing, was used or has expired (also when that happens while the form is
 * open: the answer is then 404 or 410), else its introduction above the form.
 */
export function LinkPage({ title, purpose, lead, loaderData, answer, intro, children }: LinkPageProps) {
  const gone = answer !== undefined && (answer.status === 404 || answer.status === 410);
  if (!loaderData.open || gone) {
    return (
      <SignInCard title={title} lead={purpose}>
        <UnusableLink message={loaderData.open ? (answer?.message ?? "") : loaderData.message} />
      </SignInCard>
    );
  }
  return (
    <SignInCard title={title} lead={lead}>
      {!answer && intro}
      {children}
    </SignInCard>
  );
}
