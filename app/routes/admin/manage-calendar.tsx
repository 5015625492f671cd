import { useRef } from "react";
import { Form, Link, useNavigate } from "react-router";
import { describeChange } from "../../../server/domain/admin/messages.ts";
import {
  type CalendarEvent,
  listEventsInMonth,
  listUpcomingEvents,
} from "../../../server/domain/calendar/calendar.ts";
import {
  createEvent,
  deleteEvent,
  type EventInput,
  eventNoun,
  findEvent,
  updateEvent,
} from "../../../server/domain/calendar/manage.ts";
import { adminWriter, unknownIntent } from "../../../server/http/admin-write.ts";
import {
  readAdminForm,
  recordIdSchema,
  textValues,
  versionSchema,
} from "../../../server/http/form-fields.ts";
import { actionResponse } from "../../../server/http/write-response.ts";
import { AddDisclosure } from "../../components/admin/AddDisclosure.tsx";
import { AdminForm, type AdminFormState } from "../../components/admin/AdminForm.tsx";
import { EditableRow, RowSummary, useListNotice } from "../../components/admin/EditableRow.tsx";
import { Checkbox, FormActions, FormField, TextInput } from "../../components/admin/FormField.tsx";
import { PageHeader } from "../../components/admin/PageHeader.tsx";
import { TextAreaField, TextField } from "../../components/admin/TextFields.tsx";
import stepStyles from "../../components/archive/MonthStep.module.css";
import { ChevronLeftIcon, ChevronRightIcon } from "../../components/icons/icons.tsx";
import { Button, ButtonLink } from "../../components/ui/Button.tsx";
import { EmptyState } from "../../components/ui/EmptyState.tsx";
import { getServices } from "../../context.ts";
import { removal } from "../../lib/admin/removal.ts";
import {
  addMonths,
  compareMonths,
  coveredDates,
  FIRST_CALENDAR_YEAR,
  formatEventWhen,
  formatYearMonth,
  LAST_CALENDAR_YEAR,
  monthKey,
  parseMonthKey,
  seoulDate,
  seoulTime,
  seoulYearMonth,
  type YearMonth,
} from "../../lib/calendar-dates.ts";
import { pageMeta } from "../../lib/meta.ts";
import type { Route } from "./+types/manage-calendar";
import styles from "./manage-calendar.module.css";

const ACTION = "/admin/manage-calendar";
const UPCOMING_LIMIT = 6;

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, { title: "캘린더 관리", noIndex: true });

/** ?month=YYYY-MM picks the month to list; without it, or when malformed, this month in Seoul. */
export async function loader({ context, url }: Route.LoaderArgs) {
  const { db } = getServices(context);
  const now = new Date();
  const current = seoulYearMonth(now);
  const yearMonth = parseMonthKey(url.searchParams.get("month")) ?? current;
  const [events, upcoming] = await Promise.all([
    listEventsInMonth(db, yearMonth),
    listUpcomingEvents(db, now, UPCOMING_LIMIT),
  ]);
  return {
    yearMonth,
    current,
    now: now.toISOString(),
    today: seoulDate(now),
    events,
    upcoming,
  };
}

/** The checkbox arrives as "on" when ticked; everything else is checked by the event schema. */
function eventInput(values: Record<string, string | undefined>): EventInput {
  return { ...values, allDay: values.allDay === "on" };
}

const monthOf = (startsAt: string) => monthKey(seoulYearMonth(new Date(startsAt)));

export async function action(args: Route.ActionArgs) {
  const { services, write } = await adminWriter(args, actionResponse);
  const read = await readAdminForm(args.request);
  if ("refused" in read) return actionResponse(read.refused);
  const values = textValues(read.form);

  switch (values.intent) {
    case "create-event":
      return write(
        describeChange("calendar", eventNoun, values.title ?? "", "추가"),
        async (trx) => {
          const { id, startsAt } = await createEvent(trx, eventInput(values));
          return { id, month: monthOf(startsAt) };
        },
      );
    case "update-event":
      return write(
        describeChange("calendar", eventNoun, values.title ?? "", "수정"),
        async (trx) => {
          const { startsAt } = await updateEvent(
            trx,
            recordIdSchema.parse(values.id),
            versionSchema.parse(values.version),
            eventInput(values),
          );
          return { month: monthOf(startsAt) };
        },
      );
    case "delete-event": {
      const current = await findEvent(services.db, values.id ?? "");
      return write(
        describeChange("calendar", eventNoun, current?.title ?? "", "삭제"),
        async (trx) => {
          await deleteEvent(
            trx,
            recordIdSchema.parse(values.id),
            versionSchema.parse(values.version),
          );
          return removal;
        },
      );
    }
    default:
      return actionResponse(unknownIntent);
  }
}

type EventStatus = "past" | "now" | "upcoming";

function statusOf(event: CalendarEvent, now: string): EventStatus {
  if (event.endsAt <= now && event.startsAt < now) return "past";
  if (event.startsAt <= now) return "now";
  return "upcoming";
}

const statusLabels: Record<EventStatus, string> = {
  past: "지난 일정",
  now: "진행 중",
  upcoming: "예정",
};

export default function ManageCalendar({ loaderData }: Route.ComponentProps) {
  const { yearMonth, current, now, today, events, upcoming } = loaderData;
  const navigate = useNavigate();
  const { announce, notice } = useListNotice();
  const shownMonth = monthKey(yearMonth);
  const goToMonth = (month: string, id?: string) =>
    navigate({ search: `?month=${month}`, hash: id ? `event-${id}` : "" });

  return (
    <>
      <PageHeader
        eyebrow="콘텐츠"
        title="캘린더"
        description={
          <p>
            정기 세션, 행사, 모집 기간 같은 동아리 일정을 관리합니다. 저장하면 공개 캘린더와 구독
            피드(iCalendar)에 바로 반영됩니다. 시각은 모두 한국 시간입니다.
          </p>
        }
        actions={
          <>
            <ButtonLink to={`/archive/calendar?month=${shownMonth}`} variant="secondary" size="sm">
              공개 캘린더 보기
            </ButtonLink>
            <ButtonLink to="/calendar.ics" reloadDocument variant="ghost" size="sm">
              구독 피드
            </ButtonLink>
          </>
        }
      />
      <div className={styles.layout}>
        <aside className={styles.side}>
          <section className={styles.panel} aria-labelledby="upcoming-title">
            <h2 id="upcoming-title" className={styles.panelTitle}>
              다가오는 일정
            </h2>
            {upcoming.length === 0 ? (
              <p className={styles.none}>예정된 일정이 없습니다.</p>
            ) : (
              <ol className={styles.upcoming}>
                {upcoming.map((event) => (
                  <li key={event.id}>
                    <Link
                      to={{
                        search: `?month=${monthOf(event.startsAt)}`,
                        hash: `event-${event.id}`,
                      }}
                      className={styles.upcomingLink}
                    >
                      <span className={styles.upcomingWhen}>{formatEventWhen(event)}</span>
                      <span className={styles.upcomingTitle}>{event.title}</span>
                    </Link>
                  </li>
                ))}
              </ol>
            )}
          </section>
          <AddDisclosure summary="새 일정 추가">
            <AdminForm
              action={ACTION}
              label="새 일정 추가"
              resetOnSuccess
              onSaved={(result) => {
                const data = result.data as { id?: string; month?: string } | undefined;
                if (data?.month && data.id) goToMonth(data.month, data.id);
              }}
            >
              {(state) => (
                <>
                  <input type="hidden" name="intent" value="create-event" />
                  <EventFields state={state} today={today} />
                  <FormActions>
                    <Button type="submit" disabled={state.busy}>
                      {state.busy ? "추가하는 중…" : "일정 추가"}
                    </Button>
                  </FormActions>
                </>
              )}
            </AdminForm>
          </AddDisclosure>
        </aside>
        <section className={styles.month} aria-labelledby="month-title">
          <MonthToolbar yearMonth={yearMonth} current={current} count={events.length} />
          {notice}
          {events.length === 0 ? (
            <EmptyState title={`${formatYearMonth(yearMonth)}에는 일정이 없습니다`}>
              ‘새 일정 추가’를 열어 이 달의 일정을 추가할 수 있습니다.
            </EmptyState>
          ) : (
            <ul className={styles.events} aria-label={`${formatYearMonth(yearMonth)} 일정`}>
              {events.map((event) => (
                <li
                  key={event.id}
                  id={`event-${event.id}`}
                  className={styles.event}
                  data-status={statusOf(event, now)}
                >
                  <EditableRow
                    action={ACTION}
                    version={event.version}
                    hidden={{ id: event.id, version: String(event.version) }}
                    label={`'${event.title}' 일정`}
                    updateIntent="update-event"
                    removeIntent="delete-event"
                    removeTitle={`'${event.title}' 일정을 삭제할까요?`}
                    removeMessage={
                      <p>공개 캘린더와 구독 피드에서도 사라집니다. 되돌릴 수 없습니다.</p>
                    }
                    onRemoved={announce}
                    onSaved={(result) => {
                      const month = (result.data as { month?: string } | undefined)?.month;
                      if (month && month !== shownMonth) {
                        announce(`${result.message}. ${formatMonthKey(month)}로 옮겨졌습니다.`);
                        goToMonth(month, event.id);
                      }
                    }}
                    summary={
                      <RowSummary
                        kicker={<EventWhen event={event} status={statusOf(event, now)} />}
                        title={event.title}
                        details={[event.location, event.description]}
                      />
                    }
                    fields={(state) => <EventFields event={event} state={state} today={today} />}
                  />
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </>
  );
}

function formatMonthKey(key: string): string {
  const month = parseMonthKey(key);
  return month ? formatYearMonth(month) : key;
}

function MonthToolbar({
  yearMonth,
  current,
  count,
}: {
  yearMonth: YearMonth;
  current: YearMonth;
  count: number;
}) {
  const previous = addMonths(yearMonth, -1);
  const next = addMonths(yearMonth, 1);
  const canGoBack = previous.year >= FIRST_CALENDAR_YEAR;
  const canGoOn = next.year <= LAST_CALENDAR_YEAR;
  return (
    <div className={styles.toolbar}>
      <div className={styles.monthHeading}>
        <h2 id="month-title" className={styles.monthTitle}>
          {formatYearMonth(yearMonth)}
        </h2>
        <span className={styles.count}>일정 {count}개</span>
      </div>
      <nav className={styles.monthNav} aria-label="달 이동">
        {canGoBack && (
          <Link to={`?month=${monthKey(previous)}`} className={stepStyles.step} rel="prev">
            <ChevronLeftIcon />
            <span className="visually-hidden">이전 달 ({formatYearMonth(previous)})</span>
          </Link>
        )}
        <ButtonLink
          to="?"
          variant="secondary"
          size="sm"
          aria-current={compareMonths(yearMonth, current) === 0 ? "page" : undefined}
        >
          이번 달
        </ButtonLink>
        {canGoOn && (
          <Link to={`?month=${monthKey(next)}`} className={stepStyles.step} rel="next">
            <ChevronRightIcon />
            <span className="visually-hidden">다음 달 ({formatYearMonth(next)})</span>
          </Link>
        )}
        <Form method="get" className={styles.jump}>
          <label htmlFor="calendar-month" className="visually-hidden">
            이동할 달
          </label>
          <input
            id="calendar-month"
            type="month"
            name="month"
            defaultValue={monthKey(yearMonth)}
            min={`${FIRST_CALENDAR_YEAR}-01`}
            max={`${LAST_CALENDAR_YEAR}-12`}
            className={styles.monthInput}
            key={monthKey(yearMonth)}
          />
          <Button type="submit" size="sm" variant="ghost">
            이동
          </Button>
        </Form>
      </nav>
    </div>
  );
}

function EventWhen({ event, status }: { event: CalendarEvent; status: EventStatus }) {
  return (
    <>
      <time dateTime={event.startsAt}>{formatEventWhen(event)}</time>
      <span className={styles.status} data-status={status}>
        {statusLabels[status]}
      </span>
    </>
  );
}

/** The form's values for a stored event: Seoul dates and times, the last day of an all-day one. */
function formValues(event: CalendarEvent | undefined, today: string) {
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

function EventFields({
  event,
  state: { fieldErrors },
  today,
}: {
  event?: CalendarEvent;
  state: AdminFormState;
  today: string;
}) {
  const initial = formValues(event, today);
  const endDateRef = useRef<HTMLInputElement>(null);
  return (
    <div className={styles.fields}>
      <TextField
        label="제목"
        name="title"
        required
        defaultValue={event?.title}
        maxLength={100}
        error={fieldErrors.title}
      />
      <Checkbox
        name="allDay"
        label="종일 일정"
        hint="켜면 시각 없이 날짜로만 저장합니다. 끝 날짜까지 포함합니다."
        defaultChecked={event?.allDay ?? false}
      />
      <fieldset className={styles.moment}>
        <legend className={styles.legend}>시작</legend>
        <FormField label="시작 날짜" name="startDate" required error={fieldErrors.startDate}>
          {(field) => (
            <TextInput
              {...field}
              type="date"
              defaultValue={initial.startDate}
              min={`${FIRST_CALENDAR_YEAR}-01-01`}
              max={`${LAST_CALENDAR_YEAR}-12-31`}
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
          <FormField label="시작 시각" name="startTime" error={fieldErrors.startTime}>
            {(field) => (
              <TextInput {...field} type="time" step={60} defaultValue={initial.startTime} />
            )}
          </FormField>
        </div>
      </fieldset>
      <fieldset className={styles.moment}>
        <legend className={styles.legend}>끝</legend>
        <FormField label="끝 날짜" name="endDate" required error={fieldErrors.endDate}>
          {(field) => (
            <TextInput
              {...field}
              ref={endDateRef}
              type="date"
              defaultValue={initial.endDate}
              min={`${FIRST_CALENDAR_YEAR}-01-01`}
              max={`${LAST_CALENDAR_YEAR}-12-31`}
            />
          )}
        </FormField>
        <div className={styles.time}>
          <FormField label="끝 시각" name="endTime" error={fieldErrors.endTime}>
            {(field) => (
              <TextInput {...field} type="time" step={60} defaultValue={initial.endTime} />
            )}
          </FormField>
        </div>
      </fieldset>
      <TextField
        label="장소"
        name="location"
        defaultValue={event?.location}
        maxLength={100}
        error={fieldErrors.location}
      />
      <TextAreaField
        label="설명"
        name="description"
        defaultValue={event?.description}
        maxLength={2000}
        error={fieldErrors.description}
      />
    </div>
  );
}
