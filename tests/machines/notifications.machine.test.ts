import { notificationsMachine } from '../../machines/notifications.machine';
import { notificationsSamples } from './accountSamples';
import { describePathTests } from './pathTest';

describePathTests({ machine: notificationsMachine, ...notificationsSamples });
