import { downloadMachine } from '../../machines/download.machine';
import { describePathTests } from './pathTest';
import { downloadSamples } from './samples';

describePathTests({ machine: downloadMachine, ...downloadSamples });
