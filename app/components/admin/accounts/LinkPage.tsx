import type { ReactNode } from "react";
import { useNavigation } from "react-router";
import { Notice } from "#app/components/admin/Notice.tsx";
import { SignInCard } from "#app/components/admin/sign-in/SignInCard.tsx";
import { UnusableLink } from "./UnusableLink.tsx";

interface LinkPageProps<Errors> {
  title: string;
  /** What the link is for, said when it cannot be used. */
  purpose: string;
  /** What filling in the form does. */
  lead: string;
  loaderData: { open: false; message: string } | { open: true };
  actionData: { message: string; errors: Errors; gone: boolean } | undefined;
  /** Who the link is for and until when, shown until the form is first sent. */
  intro: ReactNode;
  children: (state: { errors: Errors | Record<string, never>; submitting: boolean }) => ReactNode;
}

/**
 * The frame of a page a one-time link opens (an invitation, a password reset): the link refused
 * when it names nothing, was used or has expired (also when that happens while the form is
 * open), else its introduction or the last refusal above the form.
 */
export function LinkPage<Errors>({
  title,
  purpose,
  lead,
  loaderData,
  actionData,
  intro,
  children,
}: LinkPageProps<Errors>) {
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formMethod === "POST";
  if (!loaderData.open || actionData?.gone) {
    return (
      <SignInCard title={title} lead={purpose}>
        <UnusableLink message={loaderData.open ? (actionData?.message ?? "") : loaderData.message} />
      </SignInCard>
    );
  }
  return (
    <SignInCard title={title} lead={lead}>
      {actionData ? <Notice tone="error" title={actionData.message} /> : intro}
      {children({ errors: actionData?.errors ?? {}, submitting })}
    </SignInCard>
  );
}
