import { TestCalendar } from "#app/components/archive/TestCalendar.tsx";
import { hydrateIslands } from "./lib/react-island.tsx";

/** The spec's test calendar of /archive/calendartest, stepping months without a page load. */
export default function startTestCalendar(): Promise<void> {
  return hydrateIslands("test-calendar", TestCalendar);
}
