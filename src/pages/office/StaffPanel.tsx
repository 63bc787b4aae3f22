import { useMachine } from '@xstate/react';
import { useRef } from 'react';
import type { SnapshotFrom } from 'xstate';
import { type OfficeStaffEvent, type officeStaffMachine, revocable } from '#machines/officeStaff.machine';
import type { Role } from '#domain/orders';
import { useAppActors } from '#src/common/AppActorsContext';
import { useToast } from '#src/common/hooks';
import { wireOfficeStaff } from './StaffPanel.wiring';
import { ConfirmDialog } from '#src/components/ConfirmDialog';
import { Spinner } from '#src/components/Spinner';

const ROLE_LABELS: Record<Role, string> = { common: 'Customer', office: 'Office', admin: 'Admin' };

type PanelProps = {
  snapshot: SnapshotFrom<typeof officeStaffMachine>;
  send: (event: OfficeStaffEvent) => void;
};

/** The admin's panel: who works in the office, granting the office role by e-mail address, and revoking it. */
export function StaffPanel() {
  const title = useRef<HTMLHeadingElement>(null);
  const app = useAppActors();
  const toast = useToast();
  const [snapshot, send] = useMachine(
    wireOfficeStaff({
      showError: (message) => toast({ title: message, variant: 'error' }),
      announce: (message) => toast({ title: message, variant: 'success' }),
    }),
    { inspect: app.inspect },
  );
  const { staff, revoking } = snapshot.context;
  // The member the confirmation asks about, while it is open.
  const asked = staff.find((member) => member.id === revoking);

  return (
    <section className="office-staff" aria-labelledby="office-staff-title">
      <h2 id="office-staff-title" ref={title} tabIndex={-1}>
        Staff
      </h2>
      {snapshot.hasTag('failed') ? (
        <div className="office__retry">
          <p>The staff list could not be loaded.</p>
          <button type="button" className="button button--outline" onClick={() => send({ type: 'staff.reload' })}>
            Load staff again
          </button>
        </div>
      ) : staff.length === 0 && snapshot.hasTag('loading') ? (
        <Spinner label="Loading staff" />
      ) : (
        <StaffList snapshot={snapshot} send={send} />
      )}
      <ConfirmDialog
        open={snapshot.hasTag('confirming')}
        title="Revoke office access?"
        description={
          asked
            ? `${asked.name} (${asked.email}) will no longer reach the office area. You can grant access again later.`
            : ''
        }
        confirmLabel="Revoke access"
        onConfirm={() => send({ type: 'staff.confirm' })}
        onCancel={() => send({ type: 'staff.cancel' })}
        // The member's row and its button go once access is revoked: the reader is taken to the panel's title.
        focusAfterConfirm={title}
      />
      <GrantForm snapshot={snapshot} send={send} />
    </section>
  );
}

/** The office role given by the e-mail address of an account. */
function GrantForm({ snapshot, send }: PanelProps) {
  return (
    <form
      className="office-staff__grant"
      onSubmit={(event) => {
        event.preventDefault();
        send({ type: 'staff.grant' });
      }}
    >
      <div className="field">
        <label htmlFor="office-grant-email">Give office access to (e-mail address of an account)</label>
        <input
          id="office-grant-email"
          className="field__input"
          type="email"
          autoComplete="off"
          value={snapshot.context.email}
          onChange={(event) => send({ type: 'staff.changeEmail', value: event.target.value })}
        />
      </div>
      <button type="submit" className="button button--primary" disabled={!snapshot.can({ type: 'staff.grant' })}>
        {snapshot.hasTag('granting') ? <Spinner label="Granting" /> : 'Grant office access'}
      </button>
    </form>
  );
}

/** Who works in the office, each with a Revoke button where the role may be taken away. */
function StaffList({ snapshot, send }: PanelProps) {
  const { staff, revoking } = snapshot.context;
  return (
    <ul className="office-staff__list" aria-busy={snapshot.hasTag('loading')}>
      {staff.map((member) => (
        <li key={member.id} data-testid="staff-member">
          <span className="office-staff__who">
            <strong>{member.name}</strong> <span>{member.email}</span>
          </span>
          <span className={`office-role office-role--${member.role}`}>{ROLE_LABELS[member.role]}</span>
          {revocable(member) && (
            <button
              type="button"
              className="button button--outline office-staff__revoke"
              disabled={!snapshot.can({ type: 'staff.revoke', id: member.id })}
              aria-label={`Revoke office access of ${member.name} (${member.email})`}
              onClick={() => send({ type: 'staff.revoke', id: member.id })}
            >
              {snapshot.hasTag('revoking') && revoking === member.id ? <Spinner label="Revoking" /> : 'Revoke'}
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}
