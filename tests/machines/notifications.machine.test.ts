import { notificationsMachine, type Notification } from '../../machines/notifications.machine';
import { describePathTests } from './pathTest';

const welcome: Notification = { id: 'n1', text: 'Welcome!', createdAt: '2026-11-21T09:00:00.000Z', seen: false };

describePathTests({
  machine: notificationsMachine,
  events: [{ type: 'notifications.toggle' }, { type: 'notifications.close' }, { type: 'notifications.refresh' }],
  outputs: { loadNotifications: [[welcome]] },
  errors: { loadNotifications: [new Error('Network Error')], markSeen: [new Error('Network Error')] },
});
