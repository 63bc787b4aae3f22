import { useMachine } from '@xstate/react';
import { useEffect, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { company } from '#domain/company';
import { OFFICE_VIEWS, type OfficeOrder, type OfficeView } from '#domain/officeContract';
import { useAppActors } from '#src/common/AppActorsContext';
import { useAuth, usePageMeta, useToast } from '#src/common/hooks';
import { COMPANY_ZONE_LABEL, formatOrderTime } from '#src/common/orderTime';
import { wireOfficeQueue } from './Office.wiring';
import { Spinner } from '#src/components/Spinner';
import { Breakable } from '#src/components/Breakable';
import { OrderDetail } from './OrderDetail';
import { deliveryOf, promiseStanding, STATUS_LABELS } from './orderView';
import { OfficeHours } from './OfficeHours';
import { StaffPanel } from './StaffPanel';
import './Office.css';
import { fixedPages } from '#domain/fixedPages';

const TAB_LABELS: Record<OfficeView, string> = { queue: 'Queue', unpaid: 'Unpaid', delivered: 'Delivered' };

const EMPTY_TEXT: Record<OfficeView, string> = {
  queue: 'Nothing is waiting: every paid order has been delivered.',
  unpaid: 'No unpaid invoices.',
  delivered: 'No delivered orders yet.',
};

/**
 * The office area (docs/product.md#orders): the orders to deliver, oldest payment first, with the time left
 * until the one-day promise runs out; one order in detail with what may happen to it next and who changed it;
 * each member's working hours ("My hours"); for admins, the staff panel. Reached by office and admin accounts only (routes.tsx).
 */
export default function Office() {
  usePageMeta(fixedPages['/office']);
  const { user } = useAuth();
  // The staff policy keeps this session out of the office API (docs/product.md#second-factor): the page says
  // why and where to go instead of loading lists the server would refuse.
  if (user?.secondFactorRequired) return <SecondFactorNeeded />;
  return <OfficeDesk isAdmin={user?.role === 'admin'} />;
}

function SecondFactorNeeded() {
  return (
    <main className="page office">
      <h1>Office</h1>
      <div className="office__locked" role="status">
        <p>
          The office holds customers' orders and reports, so it asks for more than a password: sign in with your passkey
          or authenticator app. If you have neither yet, set one up on your profile, under Security, then sign in with
          it.
        </p>
        <Link href="/profile" className="button button--primary">
          Go to your profile
        </Link>
      </div>
    </main>
  );
}

function OfficeDesk({ isAdmin }: { isAdmin: boolean }) {
  const app = useAppActors();
  const toast = useToast();
  const search = useSearch();
  const [snapshot, send, actor] = useMachine(
    wireOfficeQueue({
      showError: (message) => toast({ title: message, variant: 'error' }),
      announce: (message) => toast({ title: message, variant: 'success' }),
    }),
    {
      input: {
        orderId: new URLSearchParams(search).get('order'),
        now: Date.now(),
        timeZone: company.timeZone,
      },
      inspect: app.inspect,
    },
  );
  const { view, orders, selected, opening, now } = snapshot.context;
  const selectedId = selected?.id ?? null;
  useOrderAddress(selectedId, opening);
  // "My hours" is no list of orders, so the queue machine does not know it: the page shows it in place of the
  // lists, and keeps it mounted once opened, so edits survive a look at the orders.
  const [hoursShown, setHoursShown] = useState(false);
  const [hoursOpened, setHoursOpened] = useState(false);
  const showHours = () => {
    setHoursShown(true);
    setHoursOpened(true);
  };
  const showView = (name: OfficeView) => {
    setHoursShown(false);
    if (view !== name) send({ type: 'office.switchView', view: name });
  };

  const reload = () => send({ type: 'office.reload' });
  return (
    <main className={`page office${selected ? ' office--detail' : ''}`}>
      <div className="office__head">
        <h1>Office</h1>
        <RefreshButton disabled={!snapshot.can({ type: 'office.reload' })} onClick={reload} />
      </div>
      <p className="office__lead">
        Every paid order is delivered within one day of payment. Times are {COMPANY_ZONE_LABEL}.
      </p>

      <OfficeTabs view={hoursShown ? null : view} hoursOpened={hoursOpened} onSwitch={showView} onHours={showHours} />

      {hoursOpened && (
        <section id="office-hours" role="tabpanel" aria-labelledby="office-tab-hours" hidden={!hoursShown}>
          <OfficeHours isAdmin={isAdmin} />
        </section>
      )}

      {!hoursShown && (
        <div className="office__layout">
          <section
            id="office-list"
            role="tabpanel"
            aria-labelledby={`office-tab-${view}`}
            aria-busy={snapshot.hasTag('loading')}
            className="office__list"
          >
            {(snapshot.hasTag('loading') && orders.length === 0) || snapshot.hasTag('opening') ? (
              <Spinner label="Loading orders" />
            ) : snapshot.hasTag('failed') ? (
              <div className="office__retry">
                <p>The orders could not be loaded.</p>
                <button type="button" className="button button--outline" onClick={reload}>
                  Load orders again
                </button>
              </div>
            ) : orders.length === 0 ? (
              <p className="office__empty">{EMPTY_TEXT[view]}</p>
            ) : (
              <OrderList
                orders={orders}
                now={now}
                selectedId={selectedId}
                onSelect={(id) => send({ type: 'office.select', id })}
              />
            )}
          </section>

          {selected && (
            <OrderDetail
              order={selected}
              snapshot={snapshot}
              send={send}
              chosenReport={() => actor.getSnapshot().context.report}
              onClose={() => send({ type: 'office.deselect' })}
            />
          )}
        </div>
      )}

      {isAdmin && <StaffPanel />}
    </main>
  );
}

/**
 * The address names the open order, so it can be shared or reloaded (the office e-mail links the same way); it
 * waits while the order the address named is still opening.
 */
function useOrderAddress(selectedId: string | null, opening: string | null) {
  const [, navigate] = useLocation();
  useEffect(() => {
    if (opening !== null) return;
    const wanted = selectedId ? `/office?order=${encodeURIComponent(selectedId)}` : '/office';
    if (`${window.location.pathname}${window.location.search}` !== wanted) navigate(wanted, { replace: true });
  }, [selectedId, opening, navigate]);
}

function RefreshButton({ disabled, onClick }: { disabled: boolean; onClick: () => void }) {
  return (
    <button type="button" className="button button--outline office__refresh" disabled={disabled} onClick={onClick}>
      Refresh
    </button>
  );
}

/**
 * The three lists as tabs, and "My hours" after them; choosing the one shown again does nothing. `view` is
 * null while the hours are shown.
 */
function OfficeTabs({
  view,
  hoursOpened,
  onSwitch,
  onHours,
}: {
  view: OfficeView | null;
  /** The hours' panel exists once opened: until then the tab controls nothing on the page. */
  hoursOpened: boolean;
  onSwitch: (view: OfficeView) => void;
  onHours: () => void;
}) {
  return (
    <div className="office__tabs" role="tablist" aria-label="Orders">
      {OFFICE_VIEWS.map((name) => (
        <button
          key={name}
          type="button"
          role="tab"
          id={`office-tab-${name}`}
          aria-selected={view === name}
          aria-controls="office-list"
          className="office__tab"
          onClick={() => view !== name && onSwitch(name)}
        >
          {TAB_LABELS[name]}
        </button>
      ))}
      <button
        type="button"
        role="tab"
        id="office-tab-hours"
        aria-selected={view === null}
        aria-controls={hoursOpened ? 'office-hours' : undefined}
        className="office__tab"
        onClick={() => view !== null && onHours()}
      >
        My hours
      </button>
    </div>
  );
}

function OrderList({
  orders,
  now,
  selectedId,
  onSelect,
}: {
  orders: OfficeOrder[];
  now: number;
  selectedId: string | null;
  onSelect: (id: string) => void;
}) {
  return (
    <ul className="office__orders">
      {orders.map((order) => (
        <li key={order.id}>
          <OrderRow order={order} now={now} selected={order.id === selectedId} onSelect={() => onSelect(order.id)} />
        </li>
      ))}
    </ul>
  );
}

function OrderRow({
  order,
  now,
  selected,
  onSelect,
}: {
  order: OfficeOrder;
  now: number;
  selected: boolean;
  onSelect: () => void;
}) {
  const standing = promiseStanding(order, now);
  return (
    <button
      type="button"
      className="office-order"
      aria-current={selected ? 'true' : undefined}
      data-testid="office-order"
      onClick={onSelect}
    >
      <span className="office-order__top">
        <span className="office-order__title">{order.service.title}</span>
        {standing && (
          <span className={`office-badge office-badge--${standing.urgency}`} data-testid="promise">
            {standing.text}
          </span>
        )}
      </span>
      <span className="office-order__customer">
        {order.customer ? (
          <>
            <span>{order.customer.name}</span>
            <span className="office-order__email">
              <Breakable text={order.customer.email} />
            </span>
          </>
        ) : (
          'Deleted account'
        )}
      </span>
      <span className="office-order__facts">
        <span className="office-status">{STATUS_LABELS[order.status]}</span>
        <span>{deliveryOf(order)}</span>
        <span className="office-order__url">
          <Breakable text={order.service.url || 'No website or application given'} />
        </span>
      </span>
      <span className="office-order__when">
        {order.paidAt ? `Paid ${formatOrderTime(order.paidAt)}` : `Ordered ${formatOrderTime(order.createdAt)}`}
        {order.scheduledAt && order.status === 'scheduled' && ` · Call ${formatOrderTime(order.scheduledAt)}`}
      </span>
    </button>
  );
}
