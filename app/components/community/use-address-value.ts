import { type RefObject, useEffect } from "react";

/**
 * Keeps an uncontrolled field showing the value its address holds, when the address changes
 * under it (Back, Forward, a link). Uncontrolled, so Korean IME composition is never disturbed;
 * updated in place rather than remounted, so the field keeps keyboard focus.
 */
export function useAddressValue(ref: RefObject<HTMLInputElement | HTMLSelectElement | null>, value: string): void {
  useEffect(() => {
    const field = ref.current;
    if (field && field.value !== value) field.value = value;
  }, [ref, value]);
}
