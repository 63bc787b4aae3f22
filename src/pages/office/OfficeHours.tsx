import { useMachine } from '@xstate/react';
import { useRef } from 'react';
import type { SnapshotFrom } from 'xstate';
import { WEEKDAYS } from '#domain/booking';
import { company } from '#domain/company';
import { dayLabel } from '#machines/lib/officeHoursProblem';
import { type OfficeHoursEvent, type officeHoursMachine, type Weekday } from '#machines/officeHours.machine';
import { useAppActors } from '#src/common/AppActorsContext';
import { useAuth } from '#src/common/hooks';
import { Spinner } from '#src/components/Spinner';
import { MemberCalls } from './MemberCalls';
import { wireOfficeHours } from './OfficeHours.wiring';
import './OfficeHours.css';

type EditorProps = {
  snapshot: SnapshotFrom<typeof officeHoursMachine>;
  send: (event: OfficeHoursEvent) => void;
};

/** The id of a field's element, and of the problem shown beside it. */
const fieldId = (field: string) => `hours-${field}`;
const problemId = (field: string) => `hours-${field}-problem`;

/** Ties a field to the problem shown beside it, when the problem is about that field. */
function problemProps(snapshot: EditorProps['snapshot'], field: string) {
  return snapshot.context.problem?.field === field
    ? { 'aria-invalid': true as const, 'aria-describedby': problemId(field) }
    : {};
}

function Problem({ snapshot, field }: EditorProps & { field: string }) {
  const { problem } = snapshot.context;
  if (problem?.field !== field) return null;
  return (
    <p id={problemId(field)} className="form__error" role="alert">
      {problem.message}
    </p>
  );
}

/** "Thu, 24 Dec 2026" for '2026-12-24': a local date, read as the date itself, whatever the device's zone. */
function dateLabel(date: string): string {
  const at = new Date(`${date}T00:00Z`);
  if (Number.isNaN(at.getTime())) return date;
  return at.toLocaleDateString('en-GB', {
    timeZone: 'UTC',
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  });
}

/**
 * "My hours" on /office (docs/decisions/0042-customers-book-their-call.md): the calls the member holds, and the
 * weekly working hours and days off customers' calls are booked in, on the company's clock; an admin may pick
 * any member's.
 */
export function OfficeHours({ isAdmin }: { isAdmin: boolean }) {
  const app = useAppActors();
  const [snapshot, send] = useMachine(wireOfficeHours(), { input: { isAdmin }, inspect: app.inspect });
  const { user } = useAuth();
  const { saved, error } = snapshot.context;
  const zone = saved?.timeZone ?? company.timeZone;

  return (
    <div className="office-hours">
      <p className="office-hours__lead">
        Customers book calls within these hours. Times are on the company's clock, {zone}, whatever the clock of your
        device.
      </p>
      {isAdmin && <MemberPicker snapshot={snapshot} send={send} />}
      {snapshot.hasTag('failed') ? (
        <div className="office__retry">
          <p>The hours could not be loaded. {error}</p>
          <button type="button" className="button button--outline" onClick={() => send({ type: 'hours.retry' })}>
            Load hours again
          </button>
        </div>
      ) : snapshot.hasTag('loading') ? (
        <Spinner label="Loading hours" />
      ) : (
        <>
          <MemberCalls calls={saved?.calls ?? []} own={saved?.memberId === user?.id} />
          <HoursForm snapshot={snapshot} send={send} />
        </>
      )}
    </div>
  );
}

/** An admin's choice of whose hours to edit: their own, or a member of the staff list. */
function MemberPicker({ snapshot, send }: EditorProps) {
  const { member, staff } = snapshot.context;
  const locked = snapshot.hasTag('changed');
  return (
    <div className="field office-hours__member">
      <label htmlFor="hours-member">Whose hours</label>
      <select
        id="hours-member"
        className="field__input"
        value={member ?? ''}
        disabled={locked || snapshot.hasTag('loading')}
        aria-describedby={locked ? 'hours-member-hint' : undefined}
        onChange={(event) => send({ type: 'hours.pickMember', member: event.target.value || null })}
      >
        <option value="">My own</option>
        {staff.map((person) => (
          <option key={person.id} value={person.id}>
            {person.name} ({person.email})
          </option>
        ))}
      </select>
      {locked && (
        <p id="hours-member-hint" className="field__hint">
          Save or discard your changes to pick someone else.
        </p>
      )}
    </div>
  );
}

/** The week and the days off, saved together. */
function HoursForm({ snapshot, send }: EditorProps) {
  const failed = snapshot.hasTag('saveFailed');
  return (
    <form
      className="office-hours__form"
      aria-busy={snapshot.hasTag('saving')}
      onSubmit={(event) => {
        event.preventDefault();
        send({ type: failed ? 'hours.retry' : 'hours.save' });
      }}
    >
      <fieldset className="office-hours__fields" disabled={snapshot.hasTag('saving')}>
        {WEEKDAYS.map((day) => (
          <DayRanges key={day} day={day} snapshot={snapshot} send={send} />
        ))}
        <DaysOff snapshot={snapshot} send={send} />
      </fieldset>
      <div className="office-hours__actions">
        <button
          type="submit"
          className="button button--primary"
          disabled={!snapshot.can({ type: failed ? 'hours.retry' : 'hours.save' })}
        >
          {snapshot.hasTag('saving') ? <Spinner label="Saving" /> : failed ? 'Try saving again' : 'Save hours'}
        </button>
        <button
          type="button"
          className="button button--outline"
          disabled={!snapshot.can({ type: 'hours.discard' })}
          onClick={() => send({ type: 'hours.discard' })}
        >
          Discard changes
        </button>
      </div>
      <div role="status" className="office-hours__status">
        {snapshot.hasTag('saved') && 'The hours are saved.'}
      </div>
      {failed && (
        <p className="form__error" role="alert">
          The hours could not be saved. {snapshot.context.error}
        </p>
      )}
    </form>
  );
}

/** One weekday's ranges of working time, each a start and an end. */
function DayRanges({ day, snapshot, send }: EditorProps & { day: Weekday }) {
  const ranges = snapshot.context.weekly[day];
  const name = dayLabel(day);
  return (
    <fieldset className="office-hours__day" id={fieldId(day)} {...problemProps(snapshot, day)}>
      <legend>{name}</legend>
      {ranges.length === 0 ? (
        <p className="office-hours__off">Not working</p>
      ) : (
        <ul className="office-hours__ranges">
          {ranges.map((range, index) => (
            <li key={index} className="office-hours__range">
              {(['start', 'end'] as const).map((edge) => {
                const field = `${day}-${index}-${edge}`;
                return (
                  <div key={edge} className="field office-hours__time">
                    <label htmlFor={fieldId(field)}>
                      {edge === 'start' ? 'From' : 'To'}
                      <span className="visually-hidden">
                        {' '}
                        ({name}, range {index + 1})
                      </span>
                    </label>
                    <input
                      id={fieldId(field)}
                      className="field__input"
                      type="time"
                      value={range[edge]}
                      {...problemProps(snapshot, field)}
                      onChange={(event) =>
                        send({ type: 'hours.changeRange', day, index, edge, value: event.target.value })
                      }
                    />
                    <Problem field={field} snapshot={snapshot} send={send} />
                  </div>
                );
              })}
              <button
                type="button"
                className="button button--outline office-hours__remove"
                aria-label={`Remove ${name}'s range ${index + 1}`}
                onClick={() => send({ type: 'hours.removeRange', day, index })}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      <Problem field={day} snapshot={snapshot} send={send} />
      <button
        type="button"
        className="button button--outline office-hours__add"
        disabled={!snapshot.can({ type: 'hours.addRange', day })}
        aria-label={`Add a range of working time to ${name}`}
        onClick={() => send({ type: 'hours.addRange', day })}
      >
        Add a range
      </button>
    </fieldset>
  );
}

/** The dates off, in order, and a date input to add one. */
function DaysOff({ snapshot, send }: EditorProps) {
  const picked = useRef<HTMLInputElement>(null);
  const { daysOff } = snapshot.context;
  const add = () => {
    const input = picked.current;
    if (!input?.value) return;
    send({ type: 'hours.addDayOff', date: input.value });
    input.value = '';
  };
  return (
    <fieldset className="office-hours__day">
      <legend>Days off</legend>
      {daysOff.length === 0 ? (
        <p className="office-hours__off">No days off set.</p>
      ) : (
        <ul className="office-hours__days-off">
          {daysOff.map((date) => (
            <li key={date}>
              <span>{dateLabel(date)}</span>
              <button
                type="button"
                className="button button--outline office-hours__remove"
                aria-label={`Remove the day off ${dateLabel(date)}`}
                onClick={() => send({ type: 'hours.removeDayOff', date })}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="office-hours__range">
        <div className="field office-hours__time">
          <label htmlFor={fieldId('daysOff')}>Day off to add</label>
          <input
            id={fieldId('daysOff')}
            ref={picked}
            className="field__input"
            type="date"
            {...problemProps(snapshot, 'daysOff')}
            onKeyDown={(event) => {
              // Enter adds the date rather than saving the whole form.
              if (event.key !== 'Enter') return;
              event.preventDefault();
              add();
            }}
          />
          <Problem field="daysOff" snapshot={snapshot} send={send} />
        </div>
        <button type="button" className="button button--outline office-hours__add" onClick={add}>
          Add the day off
        </button>
      </div>
    </fieldset>
  );
}
