import type { ButtonHTMLAttributes, ReactNode } from "react";
import { Link, type LinkProps } from "react-router";
import styles from "./Button.module.css";

export type ButtonVariant = "primary" | "secondary" | "ghost" | "danger";
export type ButtonSize = "sm" | "md" | "lg";

/** The button style's classes, for an element that must look like a button without being one (a file input's label). */
export function buttonClassName(variant: ButtonVariant, size: ButtonSize, extra?: string) {
  return [styles.button, styles[variant], styles[size], extra].filter(Boolean).join(" ");
}

interface CommonProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
  children: ReactNode;
}

/** The one button style of the site, as a <button>. */
export function Button({
  variant = "primary",
  size = "md",
  className,
  type = "button",
  ...rest
}: CommonProps & ButtonHTMLAttributes<HTMLButtonElement>) {
  return <button type={type} className={buttonClassName(variant, size, className)} {...rest} />;
}

/** The same style on an in-site link. */
export function ButtonLink({ variant = "primary", size = "md", className, ...rest }: CommonProps & LinkProps) {
  return <Link className={buttonClassName(variant, size, className)} {...rest} />;
}
