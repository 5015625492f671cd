import { useRef } from "react";
import { Checkbox, FormField, TextArea, TextField, TextInput } from "#app/components/admin/FormField.tsx";
import type { CalendarEvent } from "#server/domain/calendar/calendar.ts";
import { coveredDates, FIRST_CALENDAR_YEAR, LAST_CALENDAR_YEAR, seoulDate, seoulTime } from "#shared/dates.ts";
import styles from "./Calendar.module.css";

/** The form's values for a stored event: Seoul dates and times, the last day of an all-day one. */
function initialValues(event: CalendarEvent | undefined, today: string) {
  if (!event) {
    return { startDate: today, startTime: "", endDate: today, endTime: "" };
  }
  if (event.allDay) {
    const dates = coveredDates(event.startsAt, event.endsAt);
    const first = dates[0] ?? seoulDate(event.startsAt);
    return { startDate: first, startTime: "", endDate: dates.at(-1) ?? first, endTime: "" };
  }
  return {
    startDate: seoulDate(event.startsAt),
    startTime: seoulTime(event.startsAt),
    endDate: seoulDate(event.endsAt),
    endTime: seoulTime(event.endsAt),
  };
}

// The calendar's bounds: a check the schema makes with a refinement, so it is stated here.
const MIN_DATE = `${FIRST_CALENDAR_YEAR}-01-01`;
const MAX_DATE = `${LAST_CALENDAR_YEAR}-12-31`;

/** An event's fields; an all-day event hides its times (see Calendar.module.css). */
export function EventFields({ event, today }: { event?: CalendarEvent; today: string }) {
  const initial = initialValues(event, today);
  const endDateRef = useRef<HTMLInputElement>(null);
  return (
    <div className={styles.fields}>
      <TextField label="제목" name="title" defaultValue={event?.title} />
      <Checkbox
        name="allDay"
        label="종일 일정"
        hint="켜면 시각 없이 날짜로만 저장합니다. 끝 날짜까지 포함합니다."
        defaultChecked={event?.allDay ?? false}
      />
      <fieldset className={styles.moment}>
        <legend className={styles.legend}>시작</legend>
        <FormField label="시작 날짜" name="startDate">
          {(field) => (
            <TextInput
              {...field}
              type="date"
              defaultValue={initial.startDate}
              min={MIN_DATE}
              max={MAX_DATE}
              onChange={(change) => {
                // An end before the new start is moved along with it.
                const end = endDateRef.current;
                const start = change.currentTarget.value;
                if (end && start && (end.value === "" || end.value < start)) end.value = start;
              }}
            />
          )}
        </FormField>
        <div className={styles.time}>
          <FormField label="시작 시각" name="startTime">
            {(field) => <TextInput {...field} type="time" step={60} defaultValue={initial.startTime} />}
          </FormField>
        </div>
      </fieldset>
      <fieldset className={styles.moment}>
        <legend className={styles.legend}>끝</legend>
        <FormField label="끝 날짜" name="endDate">
          {(field) => (
            <TextInput
              {...field}
              ref={endDateRef}
              type="date"
              defaultValue={initial.endDate}
              min={MIN_DATE}
              max={MAX_DATE}
            />
          )}
        </FormField>
        <div className={styles.time}>
          <FormField label="끝 시각" name="endTime">
            {(field) => <TextInput {...field} type="time" step={60} defaultValue={initial.endTime} />}
          </FormField>
        </div>
      </fieldset>
      <TextField label="장소" name="location" defaultValue={event?.location} />
      <FormField label="설명" name="description">
        {(field) => <TextArea {...field} defaultValue={event?.description} rows={3} />}
      </FormField>
    </div>
  );
}
